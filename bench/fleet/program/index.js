// The fleet benchmark's program: one organization per stack, what it declares read from
// specs/<stack>.json beside it (bench/fleet/estate.ts writes them): a provider configuration,
// bridges each holding its numbers as one BridgeNumbers set, and SIP trunks.
const fs = require("node:fs");
const path = require("node:path");
const pulumi = require("@pulumi/pulumi");
const voice = require("pulumi-voice-platform");

const spec = JSON.parse(fs.readFileSync(path.join(__dirname, "specs", `${pulumi.getStack()}.json`), "utf8"));

const twilio = new voice.ProviderConfiguration("twilio", {
  provider: "twilio",
  accountSid: spec.accountSid,
  authToken: pulumi.secret("bench-auth-token"),
});

for (const b of spec.bridges) {
  const bridge = new voice.Bridge(b.slug, { name: b.name, slug: b.slug });
  new voice.BridgeNumbers(b.slug, {
    bridgeSlug: bridge.slug,
    numbers: b.numbers.map((phoneNumber) => ({
      phoneNumber,
      providerConfigurationId: twilio.configurationId,
    })),
  });
}

for (const t of spec.trunks) {
  new voice.SipTrunk(t, {
    name: t,
    sipUrl: `sip:${t}.example.com`,
    transport: "tls",
    port: 5061,
    authUsername: t,
    authPassword: pulumi.secret("bench-sip-password"),
    allowedIps: ["203.0.113.0/24"],
  });
}
