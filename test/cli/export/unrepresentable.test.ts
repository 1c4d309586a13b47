import { describe, expect, it } from "vitest";
import { select } from "../../../cli/export/filters";
import type { Organization } from "../../../cli/export/organization";
import { leaveOutUnrepresentable } from "../../../cli/export/unrepresentable";
import { resolveLinks } from "../../../provider/resources/bridge-number-link/export";

const trunk = { sip_url: "sip.example.com", transport: "tls", port: "5061", allowed_ips: "", active: true };
const org: Organization = {
  orgHandle: "acme",
  configurations: [
    { id: 1, provider: "twilio", account_sid: "AC\udc01" },
    { id: 2, provider: "plivo", account_sid: "MA1" },
  ],
  bridges: [
    { slug: "us", name: "US 😀", provider: "twilio", numbers: ["+14155550100"] },
    { slug: "uk", name: "UK", provider: "plivo", numbers: ["+442079460001"] },
  ],
  trunks: [
    { id: 7, name: "Edge", auth_username: "u\ud800", auth_password: null, ...trunk },
    { id: 8, name: "Core", auth_username: "u", auth_password: null, ...trunk },
  ],
};

describe("records no program can hold", () => {
  it("are left out with the links that need them, a note naming each record and field; the rest stays", () => {
    const s = leaveOutUnrepresentable(
      select({ ...org, "number-sets": [], links: resolveLinks(org).links }, [], []),
    );
    expect(s.configurations.map((c) => c.id)).toEqual([2]);
    expect(s.bridges.map((b) => b.slug)).toEqual(["us", "uk"]);
    expect(s.links.map((l) => l.phoneNumber)).toEqual(["+442079460001"]);
    expect(s.trunks.map((t) => t.id)).toEqual([8]);
    expect(s.notes).toEqual([
      'configuration 1 ("twilio") left out: its account SID has an unpaired surrogate (U+DC01) at character 3, which no Pulumi program can hold: rename it on the platform and export again',
      'trunk 7 ("Edge") left out: its auth user name has an unpaired surrogate (U+D800) at character 2, which no Pulumi program can hold: rename it on the platform and export again',
      'link of "+14155550100" left out: its configuration 1 is left out',
    ]);
  });

  it("a paired surrogate (an astral character such as an emoji) is text like any other", () => {
    const s = leaveOutUnrepresentable(
      select({ ...org, "number-sets": [], configurations: [], trunks: [], links: [] }, [], []),
    );
    expect(s.bridges.map((b) => b.name)).toEqual(["US 😀", "UK"]);
    expect(s.notes).toEqual([]);
  });
});
