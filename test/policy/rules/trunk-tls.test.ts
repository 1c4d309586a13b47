import { describe, expect, it } from "vitest";
import { trunkTlsViolations } from "../../../policy/rules/trunk-tls";
import { NOT_YET_KNOWN } from "../../../policy/voice-resource";
import { resource } from "../../fixtures/policy-resource";

const trunk = (props: Parameters<typeof resource>[1]) => resource("SipTrunk", props, { name: "pbx" });

describe("trunkTlsViolations", () => {
  it("passes tls on 5061 in production, in any case and with the port as a number", () => {
    expect(trunkTlsViolations(trunk({ transport: "tls", port: "5061" }), "prod", {})).toEqual([]);
    expect(trunkTlsViolations(trunk({ transport: " TLS ", port: 5061 }), "prod", {})).toEqual([]);
  });

  it("names the trunk and the field for another transport or port in production", () => {
    expect(trunkTlsViolations(trunk({ transport: "udp", port: "5061" }), "prod", {})).toEqual([
      `SipTrunk 'pbx': transport is "udp"; SIP trunks in production stack "prod" must use "tls"`,
    ]);
    expect(trunkTlsViolations(trunk({ transport: "tls", port: "5060" }), "prod", {})).toEqual([
      `SipTrunk 'pbx': port is 5060; SIP trunks in production stack "prod" use the TLS port 5061`,
    ]);
  });

  it("counts an omitted transport and port as the platform's defaults (tcp, 5060)", () => {
    expect(trunkTlsViolations(trunk({}), "production", {})).toEqual([
      `SipTrunk 'pbx': transport is "tcp"; SIP trunks in production stack "production" must use "tls"`,
      `SipTrunk 'pbx': port is 5060; SIP trunks in production stack "production" use the TLS port 5061`,
    ]);
  });

  it("leaves other stacks, other resources and values not known yet alone", () => {
    expect(trunkTlsViolations(trunk({ transport: "tcp" }), "dev", {})).toEqual([]);
    expect(trunkTlsViolations(resource("Bridge", { transport: "tcp" }), "prod", {})).toEqual([]);
    expect(trunkTlsViolations(trunk({ transport: NOT_YET_KNOWN, port: NOT_YET_KNOWN }), "prod", {})).toEqual(
      [],
    );
  });

  it("takes the production stacks and the TLS port from the config", () => {
    const config = { productionStacks: ["live"], tlsPort: "443" };
    expect(trunkTlsViolations(trunk({ transport: "tls", port: "443" }), "live", config)).toEqual([]);
    expect(trunkTlsViolations(trunk({ transport: "tls", port: "5061" }), "live", config)).toHaveLength(1);
    expect(trunkTlsViolations(trunk({ transport: "tcp" }), "prod", config)).toEqual([]);
  });
});
