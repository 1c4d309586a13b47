import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { derive } from "../../../cli/export/derive";
import { globToRegExp, parseFilter, select } from "../../../cli/export/filters";
import type { Organization } from "../../../cli/export/organization";
import { resolveLinks } from "../../../provider/resources/bridge-number-link/export";
import { arbitraryOrganization } from "../../fixtures/export-organization";

const org: Organization = {
  orgHandle: "acme",
  configurations: [
    { id: 1, provider: "twilio", account_sid: "AC1" },
    { id: 2, provider: "plivo", account_sid: "MA1" },
  ],
  bridges: [
    { slug: "support-us", name: "Support US", provider: "twilio", numbers: ["+14155550100", "+14155550101"] },
    { slug: "support-eu", name: "Support EU", provider: "plivo", numbers: ["+442079460001"] },
    { slug: "sales", name: "Sales", provider: "twilio", numbers: ["+14155550102"] },
  ],
  trunks: [
    {
      id: 1,
      name: "edge",
      sip_url: "a.example",
      transport: "tls",
      port: "5061",
      allowed_ips: "",
      active: true,
    },
    {
      id: 2,
      name: "backup",
      sip_url: "b.example",
      transport: "tcp",
      port: "5060",
      allowed_ips: "",
      active: true,
    },
  ],
};
const links = resolveLinks(org).links;
const run = (include: string[], exclude: string[] = []) => {
  const s = select(
    { ...org, "number-sets": [], links: links },
    include.map(parseFilter),
    exclude.map(parseFilter),
  );
  return {
    configurations: s.configurations.map((c) => c.account_sid),
    bridges: s.bridges.map((b) => b.slug),
    links: s.links.map((l) => l.phoneNumber),
    trunks: s.trunks.map((t) => t.name),
    notes: s.notes,
  };
};

describe("export filters", () => {
  it("parse <kind>, <kind>:<glob> and a bare <glob>, and refuse unknown kinds", () => {
    expect(parseFilter("trunk")).toEqual({ kind: "trunk", text: "trunk" });
    expect(parseFilter("bridge:support-*")).toMatchObject({ kind: "bridge", pattern: /^support-.*$/i });
    expect(parseFilter("sip-trunk:e?ge")).toMatchObject({ kind: "trunk" });
    expect(parseFilter("support-*").kind).toBeUndefined();
    expect(() => parseFilter("bridges-and-more:x")).toThrow(/unknown kind 'bridges-and-more'/);
    expect(() => parseFilter("bridge:")).toThrow(/empty name pattern/);
  });

  it("globs match whole names, case-insensitively, with regex characters taken literally", () => {
    expect(globToRegExp("support-*").test("Support-US")).toBe(true);
    expect(globToRegExp("support-*").test("my-support-us")).toBe(false);
    expect(globToRegExp("+1415*").test("+14155550100")).toBe(true);
    expect(globToRegExp("a.b").test("axb")).toBe(false);
    expect(globToRegExp("a?c").test("abc")).toBe(true);
  });

  it("no filter keeps everything", () => {
    expect(run([])).toEqual({
      configurations: ["AC1", "MA1"],
      bridges: ["support-us", "support-eu", "sales"],
      links: ["+14155550100", "+14155550101", "+442079460001", "+14155550102"],
      trunks: ["edge", "backup"],
      notes: [],
    });
  });

  it("--include bridge:support-* keeps those bridges, their links follow and bring their configurations", () => {
    const r = run(["bridge:support-*"]);
    expect(r.bridges).toEqual(["support-us", "support-eu"]);
    expect(r.links).toEqual(["+14155550100", "+14155550101", "+442079460001"]);
    expect(r.configurations).toEqual(["AC1", "MA1"]);
    expect(r.trunks).toEqual([]);
    expect(r.notes).toEqual([
      "configuration twilio AC1 exported as well: 2 exported link(s) use it",
      "configuration plivo MA1 exported as well: 1 exported link(s) use it",
    ]);
  });

  it("include and exclude combine: --include bridge --include trunk --exclude trunk:backup --exclude bridge:sales", () => {
    const r = run(["bridge", "trunk"], ["trunk:backup", "bridge:sales"]);
    expect(r.bridges).toEqual(["support-us", "support-eu"]);
    expect(r.trunks).toEqual(["edge"]);
  });

  it("a link to an excluded bridge is excluded, and the export says so", () => {
    const r = run(["link:+1415*", "configuration"], []);
    expect(r.links).toEqual([]);
    expect(r.notes).toEqual([
      '2 link(s) of bridge "support-us" left out: the bridge is not exported',
      '1 link(s) of bridge "sales" left out: the bridge is not exported',
    ]);
  });

  it("excluding a configuration drops the links that use it, and says so", () => {
    const r = run([], ["configuration:MA*"]);
    expect(r.configurations).toEqual(["AC1"]);
    expect(r.links).toEqual(["+14155550100", "+14155550101", "+14155550102"]);
    expect(r.notes).toEqual(["1 link(s) left out: their configuration plivo MA1 is excluded"]);
  });

  it("--exclude link:<number> drops one link and keeps its bridge", () => {
    const r = run([], ["link:+14155550101"]);
    expect(r.bridges).toContain("support-us");
    expect(r.links).toEqual(["+14155550100", "+442079460001", "+14155550102"]);
  });

  it("sets follow their bridge and bring their configuration; excluding one declares its bridge without numbers", () => {
    const sets = (include: string[], exclude: string[] = []) => {
      const s = select(derive(org, "sets").records, include.map(parseFilter), exclude.map(parseFilter));
      return {
        bridges: s.bridges.map((b) => b.slug),
        sets: s["number-sets"].map((x) => `${x.bridge.slug}: ${x.phoneNumbers.join(" ")}`),
        configurations: s.configurations.map((c) => c.account_sid),
        links: s.links,
        notes: s.notes,
      };
    };
    const r = sets(["bridge:support-*", "sets"], ["number-set:support-eu"]);
    expect(r.bridges).toEqual(["support-us", "support-eu"]);
    expect(r.sets).toEqual(["support-us: +14155550100 +14155550101"]);
    expect(r.configurations).toEqual(["AC1"]);
    expect(r.links).toEqual([]);
    expect(r.notes).toEqual([
      '1 number-set(s) of bridge "sales" left out: the bridge is not exported',
      "configuration twilio AC1 exported as well: 1 exported number-set(s) use it",
    ]);
    // A set declares every number of its bridge: a link filter leaves it whole.
    expect(sets([], ["link:+14155550101"]).sets).toContain("support-us: +14155550100 +14155550101");
  });

  it("for any organization and filters: every kept link's bridge and configuration are kept, and excluded records never are", () => {
    const term = fc.oneof(
      fc.constantFrom("bridge", "link", "trunk", "configuration"),
      fc.constantFrom("bridge:s*", "trunk:*a*", "link:+1555*1", "configuration:tw*", "*e*", "a?"),
    );
    fc.assert(
      fc.property(
        arbitraryOrganization,
        fc.array(term, { maxLength: 3 }),
        fc.array(term, { maxLength: 2 }),
        (o, inc, exc) => {
          const exclude = exc.map(parseFilter);
          const s = select(
            { ...o, "number-sets": [], links: resolveLinks(o).links },
            inc.map(parseFilter),
            exclude,
          );
          const slugs = new Set(s.bridges.map((b) => b.slug));
          const ids = new Set(s.configurations.map((c) => c.id));
          for (const l of s.links) {
            expect(slugs.has(l.bridge.slug)).toBe(true);
            expect(ids.has(l.configuration.id)).toBe(true);
          }
          const dropped = (names: string[], kind: string) =>
            exclude.some(
              (f) =>
                (f.kind === undefined || f.kind === kind) &&
                (f.pattern === undefined || names.some((n) => f.pattern?.test(n))),
            );
          for (const b of s.bridges) expect(dropped([b.slug, b.name], "bridge")).toBe(false);
          for (const t of s.trunks) expect(dropped([t.name], "trunk")).toBe(false);
          for (const l of s.links) expect(dropped([l.phoneNumber], "link")).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
