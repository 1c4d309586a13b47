// The estate as a TypeScript user writes it, on the dynamic resources; the bench runs the same file with
// its import changed to `pulumi-voice-platform/native` for the native provider plugin.
import * as pulumi from "@pulumi/pulumi";
import * as voice from "pulumi-voice-platform";
import { spec } from "./estate";

const config = new pulumi.Config();

const configurations = new Map<string, voice.ProviderConfiguration>();
for (const c of spec.configurations) {
  configurations.set(
    c.name,
    new voice.ProviderConfiguration(c.name, {
      provider: c.provider,
      accountSid: c.accountSid,
      authToken: config.requireSecret("authToken"),
    }),
  );
}
const configurationId = (name: string) => configurations.get(name)!.configurationId;

const bridges = new Map<string, voice.Bridge>();
for (const b of spec.bridges) {
  bridges.set(b.name, new voice.Bridge(b.name, { name: b.bridgeName, slug: b.slug }));
}
const slug = (name: string) => bridges.get(name)!.slug;

for (const n of spec.numbers) {
  new voice.BridgeNumber(n.name, {
    bridgeSlug: slug(n.bridge),
    providerConfigurationId: configurationId(n.configuration),
    phoneNumber: n.phoneNumber,
  });
}

for (const s of spec.sets ?? []) {
  new voice.BridgeNumbers(s.name, {
    bridgeSlug: slug(s.bridge),
    numbers: s.numbers.map((n) => ({
      phoneNumber: n.phoneNumber,
      providerConfigurationId: configurationId(n.configuration),
    })),
  });
}

for (const t of spec.trunks) {
  new voice.SipTrunk(t.name, {
    name: t.name,
    sipUrl: t.sipUrl,
    transport: t.transport,
    port: t.port,
    authUsername: t.authUsername,
    authPassword: config.requireSecret("sipPassword"),
    allowedIps: t.allowedIps,
  });
}
