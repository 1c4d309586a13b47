import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { derive } from "../../../cli/export/derive";
import { select } from "../../../cli/export/filters";
import { plan, plannedOf } from "../../../cli/export/plan";
import { renderTypeScript } from "../../../cli/export/typescript";
import { resolveLinks } from "../../../provider/resources/bridge-number-link/export";
import { allowedIpSet } from "../../../provider/resources/sip-trunk/allowed-ips";
import { arbitraryOrganization, hostileOrganization } from "../../fixtures/export-organization";
import { declaredResources } from "../../fixtures/exported-program";
import { hostileText } from "../../fixtures/hostile-text";

describe("the exported TypeScript program", () => {
  it("declares every record once, with its values, adopt: true, secrets from config and references for links", () => {
    fc.assert(
      fc.property(arbitraryOrganization, (org) => {
        const resolved = resolveLinks(org);
        const p = plan(select(derive(org, "per-link").records, [], []), "per-link");
        const declared = declaredResources(renderTypeScript(p, org.orgHandle));
        const of = (type: string) => declared.filter((d) => d.type === type);

        for (const type of ["ProviderConfiguration", "Bridge", "BridgeNumber", "SipTrunk"]) {
          const names = of(type).map((d) => d.name);
          expect(new Set(names).size).toBe(names.length);
        }
        expect(declared.every((d) => d.args.adopt === true)).toBe(true);

        expect(of("ProviderConfiguration").map((d) => [d.args.provider, d.args.accountSid])).toEqual(
          org.configurations.map((c) => [c.provider, c.account_sid]),
        );
        const secretKeys = declared.flatMap((d) =>
          [d.args.authToken, d.args.authPassword].flatMap((v) =>
            v ? [(v as { secret: string }).secret] : [],
          ),
        );
        expect(new Set(secretKeys).size).toBe(secretKeys.length);
        expect(secretKeys).toEqual(p.secrets.map((s) => s.key));

        expect(of("Bridge").map((d) => [d.args.name, d.args.slug])).toEqual(
          org.bridges.map((b) => [b.name, b.slug]),
        );
        const bridgeBySlug = new Map(of("Bridge").map((d) => [d.args.slug, `Bridge ${d.name}`]));
        const configById = new Map(
          of("ProviderConfiguration").map((d, i) => [
            org.configurations[i]?.id,
            `ProviderConfiguration ${d.name}`,
          ]),
        );
        const links = of("BridgeNumber");
        expect(links.map((d) => d.name)).toEqual(resolved.links.map((l) => l.phoneNumber));
        links.forEach((d, i) => {
          const link = resolved.links[i];
          expect(d.args.phoneNumber).toBe(link?.phoneNumber);
          expect(d.args.bridgeSlug).toEqual({ output: "slug", of: bridgeBySlug.get(link?.bridge.slug) });
          expect(d.args.providerConfigurationId).toEqual({
            output: "configurationId",
            of: configById.get(link?.configuration.id),
          });
        });

        expect(
          of("SipTrunk").map((d) => [
            d.args.name,
            d.args.authUsername,
            d.args.authPassword !== undefined,
            d.args.allowedIps,
          ]),
        ).toEqual(
          org.trunks.map((t) => [
            t.name,
            t.auth_username ?? undefined,
            t.auth_password !== null,
            declaredIps(t.allowed_ips),
          ]),
        );
      }),
      { numRuns: 300 },
    );
  });

  it("in the sets form, declares one BridgeNumbers per bridge with links, each number referencing its configuration, and no link", () => {
    fc.assert(
      fc.property(arbitraryOrganization, (org) => {
        const resolved = resolveLinks(org);
        const p = plan(select(derive(org, "sets").records, [], []), "sets");
        const declared = declaredResources(renderTypeScript(p, org.orgHandle));
        const of = (type: string) => declared.filter((d) => d.type === type);
        expect(of("BridgeNumber")).toEqual([]);
        const bridgeBySlug = new Map(of("Bridge").map((d) => [d.args.slug, `Bridge ${d.name}`]));
        const configById = new Map(
          of("ProviderConfiguration").map((d, i) => [
            org.configurations[i]?.id,
            `ProviderConfiguration ${d.name}`,
          ]),
        );
        const slugs = [...new Set(resolved.links.map((l) => l.bridge.slug))];
        expect(of("BridgeNumbers").map((d) => d.name)).toEqual(slugs);
        for (const d of of("BridgeNumbers")) {
          const links = resolved.links.filter((l) => l.bridge.slug === d.name);
          expect(d.args.bridgeSlug).toEqual({ output: "slug", of: bridgeBySlug.get(d.name) });
          expect(d.args.numbers).toEqual(
            links.map((l) => ({
              phoneNumber: l.phoneNumber,
              providerConfigurationId: { output: "configurationId", of: configById.get(l.configuration.id) },
            })),
          );
          expect(d.args.adopt).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("hostile text anywhere (names, accounts, user names, URLs, the organization) is declared exactly (fast-check)", () => {
    fc.assert(
      fc.property(hostileOrganization, hostileText(12), (org, orgHandle) => {
        const p = plan(select(derive(org, "per-link").records, [], []), "per-link");
        const declared = declaredResources(renderTypeScript(p, orgHandle));
        const args = (type: string, names: string[]) =>
          declared.filter((d) => d.type === type).map((d) => names.map((n) => d.args[n]));
        expect(args("ProviderConfiguration", ["accountSid"])).toEqual(
          plannedOf(p, "configuration").map((c) => [c.record.account_sid]),
        );
        expect(args("Bridge", ["name"])).toEqual(plannedOf(p, "bridge").map((b) => [b.record.name]));
        expect(args("SipTrunk", ["name", "sipUrl", "authUsername"])).toEqual(
          plannedOf(p, "trunk").map((t) => [
            t.record.name,
            t.record.sip_url,
            t.record.auth_username ?? undefined,
          ]),
        );
        expect(declared.map((d) => d.name)).toEqual([
          ...plannedOf(p, "configuration").map((c) => c.name),
          ...plannedOf(p, "bridge").flatMap((b) => [
            b.name,
            ...b.groups.flatMap((g) => g.members.map((m) => m.name)),
          ]),
          ...plannedOf(p, "trunk").map((t) => t.name),
        ]);
      }),
      { numRuns: 1000 },
    );
  });

  it("links of a bridge whose provider has no configuration are left out, with a note", () => {
    const org = {
      orgHandle: "acme",
      configurations: [{ id: 1, provider: "plivo", account_sid: "MA1" }],
      bridges: [{ slug: "b", name: "B", provider: "twilio", numbers: ["+14155550100"] }],
      trunks: [],
    };
    const resolved = resolveLinks(org);
    expect(resolved.links).toEqual([]);
    expect(resolved.notes).toEqual([
      '1 link(s) of bridge "b" left out: no twilio configuration to declare them with',
    ]);
  });

  it("among several configurations of the bridge's provider, the oldest is declared and a note says to check it", () => {
    const org = {
      orgHandle: "acme",
      configurations: [
        { id: 7, provider: "twilio", account_sid: "AC7" },
        { id: 3, provider: "twilio", account_sid: "AC3" },
      ],
      bridges: [{ slug: "b", name: "B", provider: "twilio", numbers: ["+14155550100"] }],
      trunks: [],
    };
    const resolved = resolveLinks(org);
    expect(resolved.links.map((l) => l.configuration.id)).toEqual([3]);
    expect(resolved.notes[0]).toMatch(
      /does not say which of 2 twilio configurations .* twilio AC3 \(id 3\), check it/,
    );
  });
});

/** The IPs a program declares for a trunk: the set its state records, absent when empty. */
function declaredIps(joined: string): string[] | undefined {
  const ips = allowedIpSet(joined);
  return ips.length > 0 ? ips : undefined;
}
