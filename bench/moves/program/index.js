// The move-gap benchmark's program. `spec.json` beside it (bench/moves/estate.ts) lists the
// configurations, the bridges and each number's bridge; `spec.form` chooses how the links are declared:
//   "links": one BridgeNumber per number, named after its place in the estate (a move changes only
//            its `bridgeSlug`, so the engine updates it in place);
//   "sets":  one BridgeNumbers per bridge (a move takes the number out of one set and into another).
// `spec.provider` chooses who serves them: "native" declares the `voice:index:*` types of the provider
// plugin (bin/, named in the stack's Pulumi.yaml), "voice" the package's dynamic resources.
const fs = require("node:fs");
const path = require("node:path");
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const spec = JSON.parse(fs.readFileSync(path.join(__dirname, "spec.json"), "utf8"));
const TYPES = ["ProviderConfiguration", "Bridge", "BridgeNumber", "BridgeNumbers"];

/** The native types, declared as a program without a generated SDK would: token, inputs, outputs from the schema. */
function nativeKinds() {
  const root = path.dirname(require.resolve("pulumi-voice-platform/package.json"));
  const schema = JSON.parse(fs.readFileSync(path.join(root, "schema.json"), "utf8"));
  return Object.fromEntries(
    TYPES.map((type) => {
      const token = `voice:index:${type}`;
      const outputs = Object.fromEntries(
        Object.keys(schema.resources[token].properties).map((k) => [k, undefined]),
      );
      return [type, (name, args) => new pulumi.CustomResource(token, name, { ...outputs, ...args })];
    }),
  );
}

function dynamicKinds() {
  const voice = require("pulumi-voice-platform");
  return Object.fromEntries(TYPES.map((type) => [type, (name, args) => new voice[type](name, args)]));
}

const kinds = spec.provider === "native" ? nativeKinds() : dynamicKinds();

const configurations = {};
for (const c of spec.configurations) {
  configurations[c.name] = kinds.ProviderConfiguration(c.name, {
    provider: c.provider,
    accountSid: c.accountSid,
    authToken: config.requireSecret("authToken"),
  });
}

const bridges = {};
for (const b of spec.bridges) bridges[b.name] = kinds.Bridge(b.name, { name: b.bridgeName, slug: b.slug });

const link = (n) => ({
  phoneNumber: n.phoneNumber,
  providerConfigurationId: configurations[n.configuration].configurationId,
});

if (spec.form === "sets") {
  for (const b of spec.bridges) {
    kinds.BridgeNumbers(`numbers-${b.name}`, {
      bridgeSlug: bridges[b.name].slug,
      numbers: spec.numbers.filter((n) => n.bridge === b.name).map(link),
    });
  }
} else {
  for (const n of spec.numbers) {
    kinds.BridgeNumber(n.name, { bridgeSlug: bridges[n.bridge].slug, ...link(n) });
  }
}
