// The policy pack `policy-pack/` loads: `pulumi preview --policy-pack <package>/policy-pack`.
import { PolicyPack } from "@pulumi/policy";
import { policies } from "./policies";

new PolicyPack("pulumi-voice-platform", {
  description:
    "Guardrails for the voice platform's telephony: TLS trunks, closed allowlists, naming, protection, busy numbers.",
  policies,
});
