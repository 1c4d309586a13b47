import * as pulumi from "@pulumi/pulumi";
import * as voice from "pulumi-voice-platform";

// Connection settings come from `voice:baseUrl`, `voice:token` (secret) and `voice:orgHandle`.
const config = new pulumi.Config();
const numbers = config.getObject<string[]>("numbers") ?? ["+14155550100", "+14155550101"];

const twilio = new voice.ProviderConfiguration("twilio", {
  provider: "twilio",
  accountSid: config.get("accountSid") ?? "AC00000000000000000000000000000001",
  authToken: config.requireSecret("twilioAuthToken"),
});

const bridge = new voice.Bridge("support", {
  name: config.get("bridgeName") ?? "Support line",
  slug: config.get("bridgeSlug") ?? "support-line",
});

// Each link is named by its phone number alone: moving a number to another bridge is then a
// replacement of this one resource, which disconnects the number before connecting it again.
const links = numbers.map(
  (phoneNumber) =>
    new voice.BridgeNumber(phoneNumber, {
      bridgeSlug: bridge.slug,
      providerConfigurationId: twilio.configurationId,
      phoneNumber,
    }),
);

const trunk = new voice.SipTrunk("primary", {
  name: config.get("trunkName") ?? "primary",
  sipUrl: "sip.acme.example",
  transport: "tls",
  port: "5061",
  authUsername: "acme-voice",
  authPassword: config.requireSecret("sipPassword"),
  allowedIps: ["203.0.113.10", "203.0.113.11"],
});

// Read-only lookups feed the program: the space and agents the numbers serve.
const space = voice.getSpaceOutput({ token: config.get("spaceToken") ?? "sp-acme-support" });
const agents = voice.getAgentsOutput();

export const bridgeSlug = bridge.slug;
export const linkedNumbers = links.map((link) => link.phoneNumber);
export const numberStates = links.map((link) => link.state);
export const trunkId = trunk.trunkId;
export const spaceName = space.name;
export const publishedAgents = agents.apply((all: voice.Agent[]) =>
  all.filter((a) => a.state === "published").map((a) => a.handle),
);
