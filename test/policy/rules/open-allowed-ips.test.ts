import { describe, expect, it } from "vitest";
import { openAllowedIpsViolations } from "../../../policy/rules/open-allowed-ips";
import { NOT_YET_KNOWN } from "../../../policy/voice-resource";
import { resource } from "../../fixtures/policy-resource";

const trunk = (allowedIps: Parameters<typeof resource>[1][string]) =>
  resource("SipTrunk", { allowedIps }, { name: "pbx" });

describe("openAllowedIpsViolations", () => {
  it("names the trunk, the field and each range that admits every address", () => {
    expect(openAllowedIpsViolations(trunk(["203.0.113.0/24", "0.0.0.0/0", "::/0"]))).toEqual([
      `SipTrunk 'pbx': allowedIps contains "0.0.0.0/0", which admits every address; list the ranges of the PBX or carrier instead`,
      `SipTrunk 'pbx': allowedIps contains "::/0", which admits every address; list the ranges of the PBX or carrier instead`,
    ]);
  });

  it("sees every spelling of a /0 range", () => {
    for (const ip of [" 0.0.0.0/0 ", "10.1.2.3/0", "0:0::0/0", "::0/0", "FE80::/0"]) {
      expect(openAllowedIpsViolations(trunk([ip]))).toHaveLength(1);
    }
  });

  it("passes addresses, narrower ranges, no list, values not known yet and other resources", () => {
    expect(
      openAllowedIpsViolations(trunk(["198.51.100.7", "203.0.113.0/24", "2001:db8::/32", "0.0.0.0/1"])),
    ).toEqual([]);
    expect(openAllowedIpsViolations(trunk(undefined))).toEqual([]);
    expect(openAllowedIpsViolations(trunk(NOT_YET_KNOWN))).toEqual([]);
    expect(openAllowedIpsViolations(trunk([NOT_YET_KNOWN]))).toEqual([]);
    expect(openAllowedIpsViolations(resource("Bridge", { allowedIps: ["0.0.0.0/0"] }))).toEqual([]);
  });
});
