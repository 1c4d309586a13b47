// The benchmarks' program. The config key `spec` (JSON, written by bench/estate.ts) lists what to declare
// and `spec.provider` chooses who serves it:
//   "voice": this package's resources (ProviderConfiguration, Bridge, BridgeNumber, SipTrunk);
//   "noop":  the same program shape (same names, inputs, secrets and dependencies) on a dynamic provider
//            that makes no requests: the engine's own cost, the baseline of benchmarks 2 and 3.
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const spec = config.requireObject("spec");

/** A no-op provider per type: echoes inputs, invents ids, never leaves the process. */
function noopProvider(type, extraOutputs) {
  return {
    check: async (_olds, news) => ({ inputs: news }),
    diff: async (_id, olds, news) => {
      const keys = Object.keys(news).filter((k) => k !== "__provider");
      const changes = keys.some((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]));
      return { changes };
    },
    create: async (inputs) => {
      const id = `${type}-${require("node:crypto").randomUUID()}`;
      return { id, outs: { ...inputs, ...extraOutputs } };
    },
    read: async (id, props) => ({ id, props }),
    update: async (_id, _olds, news) => ({ outs: { ...news, ...extraOutputs } }),
    delete: async () => {},
  };
}

class Noop extends pulumi.dynamic.Resource {
  constructor(provider, type, name, args, outputs, secretOutputs) {
    super(provider, name, { ...outputs, ...args }, { additionalSecretOutputs: secretOutputs }, "noop", type);
  }
}

const noop = {
  ProviderConfiguration: noopProvider("cfg", { configurationId: 1, createdAt: "2024-01-01T00:00:00.000Z" }),
  Bridge: noopProvider("bridge", { bridgeId: 1, createdAt: "2024-01-01T00:00:00.000Z" }),
  BridgeNumber: noopProvider("link", {
    numberId: 1,
    state: "ASSIGNED",
    active: true,
    channelsCount: 2,
    status: "connected",
  }),
  SipTrunk: noopProvider("trunk", { trunkId: 1, active: true, orgHandle: "acme", createdAt: "2024-01-01" }),
};

/** The resource classes of one side, with one constructor signature. */
const kinds =
  spec.provider === "noop"
    ? {
        ProviderConfiguration: (name, args) =>
          new Noop(noop.ProviderConfiguration, "ProviderConfiguration", name, args, { configurationId: undefined }, [
            "authToken",
          ]),
        Bridge: (name, args) => new Noop(noop.Bridge, "Bridge", name, args, { bridgeId: undefined }, []),
        BridgeNumber: (name, args) => new Noop(noop.BridgeNumber, "BridgeNumber", name, args, {}, []),
        SipTrunk: (name, args) => new Noop(noop.SipTrunk, "SipTrunk", name, args, {}, ["authPassword"]),
      }
    : (() => {
        const voice = require("pulumi-voice-platform");
        return {
          ProviderConfiguration: (name, args) => new voice.ProviderConfiguration(name, args),
          Bridge: (name, args) => new voice.Bridge(name, args),
          BridgeNumber: (name, args) => new voice.BridgeNumber(name, args),
          SipTrunk: (name, args) => new voice.SipTrunk(name, args),
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
  (spec.trunks ?? []).length;
