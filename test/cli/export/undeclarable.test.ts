import { describe, expect, it } from "vitest";
import type { Organization } from "../../../cli/export/organization";
import { withoutUndeclarable } from "../../../cli/export/undeclarable";

describe("records a program cannot declare as the platform holds them", () => {
  it("leaves out names with surrounding whitespace (the resources trim them), with a note each", () => {
    const trunk = {
      id: 1,
      sip_url: "a.example",
      transport: "tcp",
      port: "5060",
      allowed_ips: "",
      active: true,
    };
    const org: Organization = {
      orgHandle: "acme",
      configurations: [
        { id: 1, provider: "twilio", account_sid: "AC1" },
        { id: 2, provider: "plivo", account_sid: " MA1" },
      ],
      bridges: [{ slug: "b", name: "B", provider: null, numbers: [] }],
      trunks: [
        { ...trunk, name: "edge" },
        { ...trunk, id: 2, name: "edge " },
        { ...trunk, id: 3, name: "core", auth_username: "u " },
      ],
    };
    const r = withoutUndeclarable(org);
    expect(r.org.configurations.map((c) => c.id)).toEqual([1]);
    expect(r.org.trunks.map((t) => t.id)).toEqual([1]);
    expect(r.org.bridges).toHaveLength(1);
    expect(r.notes).toEqual([
      'configuration plivo " MA1" left out: its account has surrounding whitespace, which the resource trims',
      'SIP trunk "edge " left out: its name or user name has surrounding whitespace, which the resource trims',
      'SIP trunk "core" left out: its name or user name has surrounding whitespace, which the resource trims',
    ]);
  });
});
