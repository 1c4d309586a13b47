// The telephony of organization "acme", exported by `pulumi-voice-platform export`.
// `adopt: true` takes each resource over on the first `pulumi up` when the platform holds exactly
// what is declared here, writing nothing; keep it, or remove it once the stack holds them.
import * as pulumi from "@pulumi/pulumi";
import * as voice from "pulumi-voice-platform";

const config = new pulumi.Config();

// Provider configurations: the auth tokens are write-only on the platform, so they come from secret config.
const twilio = new voice.ProviderConfiguration("twilio", {
  provider: "twilio",
  accountSid: "AC3",
  authToken: config.requireSecret("twilioAuthToken"),
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
link(supportUs, twilio, [
  "+14155550100",
]);

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
