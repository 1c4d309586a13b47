// The telephony of organization "acme", exported by `pulumi-voice-platform export`.
// `adopt: true` takes each resource over on the first `pulumi up` when the platform holds exactly
// what is declared here, writing nothing; keep it, or remove it once the stack holds them.
import * as pulumi from "@pulumi/pulumi";
import * as voice from "pulumi-voice-platform";

const config = new pulumi.Config();

// Provider configurations: the auth tokens are write-only on the platform, so they come from secret config.
const twilioAc3 = new voice.ProviderConfiguration("twilio-ac3", {
  provider: "twilio",
  accountSid: "AC3",
  authToken: config.requireSecret("twilioAc3AuthToken"),
  adopt: true,
});
const plivo = new voice.ProviderConfiguration("plivo", {
  provider: "plivo",
  accountSid: "MA5",
  authToken: config.requireSecret("plivoAuthToken"),
  adopt: true,
});
const twilioAc7 = new voice.ProviderConfiguration("twilio-ac7", {
  provider: "twilio",
  accountSid: "AC7",
  authToken: config.requireSecret("twilioAc7AuthToken"),
  adopt: true,
});

/** Links each number to the bridge through the configuration; a link is named by its phone number. */
function link(bridge: voice.Bridge, configuration: voice.ProviderConfiguration, phoneNumbers: string[]): void {
  for (const phoneNumber of phoneNumbers) {
    new voice.BridgeNumber(phoneNumber, {
      bridgeSlug: bridge.slug,
      providerConfigurationId: configuration.configurationId,
      phoneNumber,
      adopt: true,
    });
  }
}

// Bridges, each with the numbers linked to it.
const supportUs = new voice.Bridge("support-us", {
  name: "Support US",
  slug: "support-us",
  adopt: true,
});
link(supportUs, twilioAc3, [
  "+14155550100",
  "+14155550101",
]);
const default2 = new voice.Bridge("default", {
  name: "Default",
  slug: "default",
  adopt: true,
});
link(default2, plivo, [
  "+442079460001",
]);
const link2 = new voice.Bridge("link", {
  name: "Link",
  slug: "link",
  adopt: true,
});
link(link2, twilioAc3, [
  "+14155550102",
]);
new voice.Bridge("quiet", {
  name: "Quiet \"${x}\" $$ line",
  slug: "quiet",
  adopt: true,
});
new voice.Bridge("orphan", {
  name: "Orphan",
  slug: "orphan",
  adopt: true,
});

// SIP trunks: the passwords are masked by the platform, so they come from secret config.
new voice.SipTrunk("edge", {
  name: "Edge",
  sipUrl: "sip.example.com",
  transport: "tls",
  port: "5061",
  authUsername: "u",
  authPassword: config.requireSecret("edgeSipPassword"),
  allowedIps: ["198.51.100.0/24", "203.0.113.10"],
  adopt: true,
});
new voice.SipTrunk("edge-2", {
  name: "edge",
  sipUrl: "sip2.example.com",
  transport: "tls",
  port: "5061",
  adopt: true,
});
new voice.SipTrunk("unicode-trunk", {
  name: "Ünïcode trunk ☎",
  sipUrl: "sip:x@y",
  transport: "tls",
  port: "5061",
  authUsername: "v",
  authPassword: config.requireSecret("unicodeTrunkSipPassword"),
  adopt: true,
});
new voice.SipTrunk("123", {
  name: "123",
  sipUrl: "sip.z",
  transport: "tls",
  port: "5061",
  allowedIps: ["10.0.0.1"],
  adopt: true,
});
