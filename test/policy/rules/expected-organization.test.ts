import { describe, expect, it } from "vitest";
import { organizationViolations } from "../../../policy/rules/expected-organization";
import { NOT_YET_KNOWN, type Value } from "../../../policy/voice-resource";
import { resource } from "../../fixtures/policy-resource";

const stackOrg = { orgHandle: "acme", source: "stack config voice:orgHandle" };
const bridge = resource("Bridge", { slug: "support" }, { name: "support" });

describe("organizationViolations", () => {
  it("passes when the stack's organization is the expected one", () => {
    expect(organizationViolations(bridge, { orgHandle: "acme" }, stackOrg)).toEqual([]);
  });

  it("names the resource, the organization found and where it came from", () => {
    expect(organizationViolations(bridge, { orgHandle: "globex" }, stackOrg)).toEqual([
      `Bridge 'support': the organization is "acme" (stack config voice:orgHandle); this stack must manage organization "globex"`,
    ]);
    expect(
      organizationViolations(
        bridge,
        { orgHandle: "acme" },
        { source: "neither voice:orgHandle nor VOICE_ORG_HANDLE is set" },
      ),
    ).toEqual([
      `Bridge 'support': no organization is set (neither voice:orgHandle nor VOICE_ORG_HANDLE is set); this stack must manage organization "acme"`,
    ]);
  });

  it("prefers the organization of the resource's native provider", () => {
    const onGlobex = { ...bridge, provider: { name: "globex", props: { orgHandle: "globex" } } };
    expect(organizationViolations(onGlobex, { orgHandle: "acme" }, stackOrg)).toEqual([
      `Bridge 'support': the organization is "globex" (provider 'globex' orgHandle); this stack must manage organization "acme"`,
    ]);
    const providerWithoutOrg = { ...bridge, provider: { name: "default", props: {} } };
    expect(organizationViolations(providerWithoutOrg, { orgHandle: "acme" }, stackOrg)).toEqual([]);
  });

  it("checks nothing without an expected organization, or while the provider's is not known", () => {
    expect(organizationViolations(bridge, {}, { source: "none" })).toEqual([]);
    const unknown = { ...bridge, provider: { name: "p", props: { orgHandle: NOT_YET_KNOWN as Value } } };
    expect(organizationViolations(unknown, { orgHandle: "globex" }, stackOrg)).toEqual([]);
  });
});
