import * as pulumi from "@pulumi/pulumi";
import * as voice from "pulumi-voice-platform";

// The same program for every stack; Pulumi.<stack>.yaml holds what differs.
const config = new pulumi.Config();

const twilio = new voice.ProviderConfiguration("twilio", {
  provider: "twilio",
  accountSid: config.require("accountSid"),
  authToken: config.requireSecret("twilioAuthToken"),
});

const bridge = new voice.Bridge("support", {
  name: config.require("bridgeName"),
  slug: config.require("bridgeSlug"),
});

// Named by the phone number alone, so moving a number between bridges is one replacement (disconnect, then connect).
for (const phoneNumber of config.requireObject<string[]>("numbers")) {
  new voice.BridgeNumber(phoneNumber, {
    bridgeSlug: bridge.slug,
    providerConfigurationId: twilio.configurationId,
    phoneNumber,
  });
}

const trunk = new voice.SipTrunk("trunk", {
  name: config.require("trunkName"),
  sipUrl: config.require("sipUrl"),
  transport: "tls",
  port: 5061,
  authUsername: pulumi.getStack(),
  authPassword: config.requireSecret("sipPassword"),
  allowedIps: config.requireObject<string[]>("allowedIps"),
});

export const stack = pulumi.getStack();
export const bridgeSlug = bridge.slug;
export const trunkId = trunk.trunkId;
