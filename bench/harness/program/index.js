// The benchmarks' program. `spec.json` beside it (declared by estate/estate.ts, written by bench/harness/stack.ts) lists what to declare
// and `spec.provider` chooses who serves it:
//   "voice": this package's resources (ProviderConfiguration, Bridge, BridgeNumber, SipTrunk);
//   "noop":  the same program shape (same names, inputs, secrets and dependencies) on a dynamic provider
//            that makes no requests: the engine's own cost, the baseline of benchmarks 2 and 3;
//   "native": the same resources as `voice:index:*` of the provider plugin (bin/pulumi-resource-voice,
//            which the stack's Pulumi.yaml then names in `plugins.providers`).
// `spec.sets` (voice and native only) declares one BridgeNumbers per bridge holding its numbers.
const fs = require("node:fs");
const path = require("node:path");
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const spec = JSON.parse(fs.readFileSync(path.join(__dirname, "spec.json"), "utf8"));

/**
 * The no-op provider's `__provider` text, written out the way this package writes its own
 * (provider/shim.ts), so both sides store and ship a module of the same kind and size: it echoes
 * inputs, invents ids and never leaves the process.
 */
const noopSource = (type, extraOutputs) => `// no-op provider of noop:${type}
const extra = ${JSON.stringify(extraOutputs)};
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
exports.handler = () => ({
  check: async (_olds, news) => ({ inputs: news }),
  diff: async (_id, olds, news) => ({
    changes: Object.keys(news).some((k) => k !== "__provider" && !same(olds[k], news[k])),
  }),
  create: async (inputs) => ({ id: ${JSON.stringify(type)} + "-" + require("node:crypto").randomUUID(), outs: { ...inputs, ...extra } }),
  read: async (id, props) => ({ id, props }),
  update: async (_id, _olds, news) => ({ outs: { ...news, ...extra } }),
  delete: async () => {},
});
`;

const CREATED = "2024-01-01T00:00:00.000Z";
const noopOutputs = {
  ProviderConfiguration: { configurationId: 1, createdAt: CREATED },
  Bridge: { bridgeId: 1, createdAt: CREATED },
  BridgeNumber: { numberId: 1, state: "ASSIGNED", active: true, channelsCount: 2, status: "connected" },
  SipTrunk: { trunkId: 1, active: true, orgHandle: "acme", createdAt: CREATED },
};
const secretOutputs = { ProviderConfiguration: ["authToken"], SipTrunk: ["authPassword"] };

/** A resource of the no-op side: same inputs, secrets and dependencies as this package's resources. */
class Noop extends pulumi.CustomResource {
  constructor(type, name, args) {
    const outputs = Object.fromEntries(Object.keys(noopOutputs[type]).map((k) => [k, undefined]));
    const secrets = secretOutputs[type] ?? [];
    const inputs = { ...args };
    for (const key of secrets) if (inputs[key] !== undefined) inputs[key] = pulumi.secret(inputs[key]);
    super(
      `pulumi-nodejs:dynamic/noop:${type}`,
      name,
      { ...outputs, ...inputs, __provider: noopSource(type, noopOutputs[type]) },
      { additionalSecretOutputs: secrets },
    );
  }
}

/**
 * A resource of the native provider, declared as a program without a generated SDK would: its type
 * token, its inputs, and its output properties (from the package schema) as undefined so they can
 * be read as outputs.
 */
function nativeKinds() {
  const root = path.dirname(require.resolve("pulumi-voice-platform/package.json"));
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8"));
  return Object.fromEntries(
    [...Object.keys(noopOutputs), "BridgeNumbers"].map((type) => {
      const token = `voice:index:${type}`;
      const outputs = Object.fromEntries(
        Object.keys(schema.resources[token].properties).map((k) => [k, undefined]),
      );
      return [type, (name, args) => new pulumi.CustomResource(token, name, { ...outputs, ...args })];
    }),
  );
}

/** The resource classes of one side, with one constructor signature. */
const kinds =
  spec.provider === "noop"
    ? Object.fromEntries(
        Object.keys(noopOutputs).map((type) => [type, (name, args) => new Noop(type, name, args)]),
      )
    : spec.provider === "native"
      ? nativeKinds()
      : (() => {
          const voice = require("pulumi-voice-platform");
          return {
            ProviderConfiguration: (name, args) => new voice.ProviderConfiguration(name, args),
            Bridge: (name, args) => new voice.Bridge(name, args),
            BridgeNumber: (name, args) => new voice.BridgeNumber(name, args),
            SipTrunk: (name, args) => new voice.SipTrunk(name, args),
            BridgeNumbers: (name, args) => new voice.BridgeNumbers(name, args),
          };
        })();

const configurations = {};
for (const c of spec.configurations ?? []) {
  configurations[c.name] = kinds.ProviderConfiguration(c.name, {
    provider: c.provider,
    accountSid: c.accountSid,
    authToken: config.requireSecret("authToken"),
  });
}

const bridges = {};
for (const b of spec.bridges ?? []) {
  bridges[b.name] = kinds.Bridge(b.name, { name: b.bridgeName, slug: b.slug });
}

for (const n of spec.numbers ?? []) {
  kinds.BridgeNumber(n.name, {
    bridgeSlug: bridges[n.bridge].slug,
    providerConfigurationId: configurations[n.configuration].configurationId,
    phoneNumber: n.phoneNumber,
  });
}

for (const s of spec.sets ?? []) {
  if (!kinds.BridgeNumbers) throw new Error(`the ${spec.provider} side declares no sets`);
  kinds.BridgeNumbers(s.name, {
    bridgeSlug: bridges[s.bridge].slug,
    numbers: s.numbers.map((n) => ({
      phoneNumber: n.phoneNumber,
      providerConfigurationId: configurations[n.configuration].configurationId,
    })),
  });
}

for (const t of spec.trunks ?? []) {
  kinds.SipTrunk(t.name, {
    name: t.name,
    sipUrl: t.sipUrl,
    transport: t.transport,
    port: t.port,
    authUsername: t.authUsername,
    authPassword: config.requireSecret("sipPassword"),
    allowedIps: t.allowedIps,
  });
}

exports.declared =
  (spec.configurations ?? []).length +
  (spec.bridges ?? []).length +
  (spec.numbers ?? []).length +
  (spec.sets ?? []).length +
  (spec.trunks ?? []).length;
