// Every resource type through the real engine on one estate, each step with the requests it made:
// up, a preview and a refresh of no change, every in-place and replacing edit in one up, drift of
// every type caught by preview --refresh and refresh and undone by up, deletions, destroy. One test:
// each step starts where the one before ended.
import type { Stack } from "@pulumi/pulumi/automation";
import { describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { C, created, edited, links, measure, n, reduced, rewritten } from "../../fixtures/lifecycle-estate";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { driftReport, plainExport, SECRETS, useVoiceStack } from "../../fixtures/voice-stack";

const ctx = useVoiceStack();
const state = () => ctx.emu.admin.state();

/** The 13 resources of {@link created} and the stack. */
const ALL = 14;

/** Paths of the platform's API, as {@link measure} lists writes. */
const CONFIGS = "/telephony/providers-configurations/";
const BRIDGES = "/telephony/bridges/";
const TRUNKS = "/telephony/trunks/";
const connect = (slug: string, number: string) => `POST ${BRIDGES}${slug}/connect-provider/ ${number}`;
const disconnect = (slug: string, number: string) => `POST ${BRIDGES}${slug}/disconnect-provider/ ${number}`;

/** The ids of the stack's resources by resource name, and the outputs of each. */
async function recorded(
  stack: Stack,
): Promise<Record<string, { id?: string; outputs?: Record<string, unknown> }>> {
  const resources = (await stack.exportStack()).deployment.resources as {
    urn: string;
    id?: string;
    outputs?: Record<string, unknown>;
  }[];
  return Object.fromEntries(resources.map((r) => [r.urn.split("::").pop() ?? "", r]));
}

describe("every resource type with the real engine", () => {
  it(
    "goes through its whole lifecycle, each step with the requests it needs",
    async () => {
      const { emu, voice } = ctx;
      const { stack } = voice;
      const client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
      const expectNoSecret = async () => {
        const exported = await plainExport(stack);
        for (const secret of [emu.token, SECRETS.authToken, SECRETS.sipPassword])
          expect(exported).not.toContain(secret);
        return exported;
      };

      /** Runs an operation, answering what it answered and the platform requests it made. */
      const measured = async <T>(operation: () => Promise<T>) => {
        let result: T | undefined;
        const requests = await measure(emu, async () => {
          result = await operation();
        });
        return { ...(result as T), requests };
      };

      // up: one write per resource (a set's, one per number), at most one read-back per bridge of links.
      await voice.declare(created);
      const up = await measured(() => stack.up());
      expect(up.summary.resourceChanges).toEqual({ create: ALL });
      expect(up.requests.writes).toEqual([
        ...Array(5).fill(`POST ${BRIDGES}`),
        connect("grouped", n(3)),
        connect("grouped", n(4)),
        connect("main", n(0)),
        connect("main", n(1)),
        ...Array(3).fill(`POST ${CONFIGS}`),
        `POST ${TRUNKS}`,
        `POST ${TRUNKS}`,
      ]);
      // How many read-backs the links of one bridge share depends on how close together the engine runs
      // them: the bench counts it; here, at most one a link, one for the set.
      expect(up.requests.bridgeReads.grouped).toBe(1);
      expect(up.requests.bridgeReads.main).toBeLessThanOrEqual(2);
      expect(Object.keys(up.requests.bridgeReads).sort()).toEqual(["grouped", "main"]);
      expect(up.requests.total).toBeLessThanOrEqual(14 + 2 + C);
      const first = await state();
      expect(links(first)).toEqual([`grouped:${n(3)}`, `grouped:${n(4)}`, `main:${n(0)}`, `main:${n(1)}`]);
      expect(up.outputs.numberStates?.value).toEqual({ n0: "ASSIGNED", "main-0101": "ASSIGNED" });
      const idOf = (slug: string) => first.bridges.find((b) => b.slug === slug)?.id;
      expect(up.outputs.bridgeIds?.value).toMatchObject({ main: idOf("main"), desk: idOf("desk") });
      const configOf = (account: string) => first.configurations.find((c) => c.account_sid === account);
      expect(configOf(DEMO_ACCOUNT)).toMatchObject({ provider: "twilio", auth_token: SECRETS.authToken });
      // The trunks with the platform's defaults, IPs sorted, one IP written two ways stored once (by
      // name: the two are created side by side, in either order).
      expect([...first.trunks].sort((a, b) => a.name.localeCompare(b.name))).toMatchObject([
        {
          name: "core",
          sip_url: "[2001:db8::1]",
          auth_password: null,
          source_ips: ["10.0.0.0/8", "2001:db8::1"],
        },
        {
          name: "edge",
          transport: "tcp",
          port: "5060",
          auth_password: SECRETS.sipPassword,
          source_ips: ["203.0.113.10", "203.0.113.11"],
        },
      ]);
      // No secret in state in plaintext: encrypted (the marker), not dropped; each __provider small.
      const exported = await expectNoSecret();
      expect(exported).toContain("4dabf18193072939515e22adb298388d");
      const providerTexts = (
        JSON.parse(exported).deployment.resources as { outputs?: { __provider?: unknown } }[]
      )
        .map((r) => r.outputs?.__provider)
        .filter((p): p is string => typeof p === "string");
      expect(providerTexts).toHaveLength(ALL - 1);
      for (const text of providerTexts) expect(text.length).toBeLessThan(2_500);

      // The same program written otherwise: no change, found with a constant of reads.
      await voice.declare(rewritten);
      const preview = await measured(() => stack.preview());
      expect(preview.changeSummary).toEqual({ same: ALL });
      expect(preview.requests.writes).toEqual([]);
      expect(preview.requests.total).toBeLessThanOrEqual(C);

      // A refresh of no change: one read per bridge (with all its links), per configuration and trunk.
      const refresh = await measured(() => stack.refresh());
      expect(refresh.summary.resourceChanges).toEqual({ same: ALL });
      expect(refresh.requests.writes).toEqual([]);
      const everyBridge = { main: 1, overflow: 1, support: 1, desk: 1, grouped: 1 };
      expect(refresh.requests.bridgeReads).toEqual(everyBridge);
      expect(refresh.requests.total).toBeLessThanOrEqual(5 + 3 + 2 + C);
      await expectNoSecret();

      // Every edit in one up: in place (ids kept) and replacing (made anew, then the old deleted).
      const before = await recorded(stack);
      await voice.declare(edited);
      const edit = await measured(() => stack.up());
      expect(edit.summary.resourceChanges).toEqual({ update: 6, replace: 2, same: 6 });
      const carrier = configOf("AC00000000000000000000000000000007")!;
      const backup = configOf("AC00000000000000000000000000000008")!;
      const trunkNamed = (name: string) => first.trunks.find((t) => t.name === name);
      const [edge, core] = [trunkNamed("edge"), trunkNamed("core")];
      expect(edit.requests.writes).toEqual([
        `DELETE ${BRIDGES}desk/`,
        `DELETE ${CONFIGS}${backup.id}/`,
        `PATCH ${BRIDGES}support/`,
        `PATCH ${CONFIGS}${carrier.id}/`,
        `PATCH ${TRUNKS}${edge?.id}/`,
        `POST ${BRIDGES}`,
        connect("grouped", n(5)),
        disconnect("grouped", n(3)),
        disconnect("main", n(0)),
        disconnect("main", n(1)),
        connect("overflow", n(0)),
        connect("overflow", n(1)),
        `POST ${CONFIGS}`,
      ]);
      // A move is one call: of the requests naming the number, the disconnect and at once the connect
      // (two moves run side by side, so other numbers' requests may fall between); a replacement creates first.
      for (const number of [n(0), n(1)]) {
        const ofNumber = edit.requests.log.filter((r) => r.endsWith(` ${number}`));
        const at = ofNumber.indexOf(disconnect("main", number));
        expect(ofNumber[at + 1]).toBe(connect("overflow", number));
      }
      // A set disconnects what it no longer declares before it connects what is new.
      expect(edit.requests.log.indexOf(disconnect("grouped", n(3)))).toBeLessThan(
        edit.requests.log.indexOf(connect("grouped", n(5))),
      );
      expect(edit.requests.log.indexOf(`POST ${BRIDGES}`)).toBeLessThan(
        edit.requests.log.indexOf(`DELETE ${BRIDGES}desk/`),
      );
      const second = await state();
      expect(second.bridges.find((b) => b.slug === "support")).toMatchObject({
        id: idOf("support"),
        name: "Support desk",
      });
      expect(second.bridges.find((b) => b.slug === "front-desk")?.id).not.toBe(idOf("desk"));
      expect(second.configurations.find((c) => c.id === carrier.id)?.account_sid).toBe(
        "AC00000000000000000000000000000009",
      );
      const plivo = second.configurations.find((c) => c.provider === "plivo");
      expect(plivo?.id).not.toBe(backup.id);
      expect(second.configurations).toHaveLength(3);
      expect(second.trunks.find((t) => t.id === edge?.id)).toMatchObject({
        name: "edge-2",
        transport: "tls",
        port: "5061",
        source_ips: ["198.51.100.7"],
      });
      expect(links(second)).toEqual([
        `grouped:${n(4)}`,
        `grouped:${n(5)}`,
        `overflow:${n(0)}`,
        `overflow:${n(1)}`,
      ]);
      // A link's id names no bridge (an update cannot change an id): <configurationId>/<number>, kept by the move.
      const after = await recorded(stack);
      const twilio = configOf(DEMO_ACCOUNT)!;
      expect(after.n0?.id).toBe(`${twilio.id}/${n(0)}`);
      expect(after.n0?.id).toBe(before.n0?.id);
      expect(after.n0?.outputs?.bridgeSlug).toBe("overflow");
      // The link renamed with an alias while it moved: one resource, under its new name.
      expect(after["main-0101"]).toBeUndefined();
      expect(after[n(1)]?.id).toBe(before["main-0101"]?.id);

      // Drift of every type, made in the dashboard: a bridge renamed and one deleted, a configuration
      // edited, a trunk edited and one deleted, a link disconnected, a set's number swapped for another.
      await emu.admin.renameBridge("acme", "support", "Renamed in the dashboard");
      await emu.admin.deleteBridge("acme", "main");
      await emu.admin.patchConfiguration("acme", carrier.id, { account_sid: "AC-changed-by-hand" });
      await emu.admin.patchTrunk("acme", core!.id, { transport: "udp" });
      await emu.admin.deleteTrunk("acme", edge!.id);
      await emu.admin.disconnectNumber("acme", "overflow", n(1));
      await emu.admin.disconnectNumber("acme", "grouped", n(4));
      await client.bridges.connectProvider("grouped", { provider_config_id: twilio.id, phone_number: n(6) });
      const drift = await driftReport(stack);
      const change = (type: string, name: string, op: "update" | "create") =>
        new RegExp(
          `voice:${type}: \\(${op}\\)\\n(\\s*\\[id=[^\\]]*\\]\\n)?\\s*\\[urn=[^\\]]*::${name.replace("+", "\\+")}\\]`,
        );
      expect(drift).toMatch(change("Bridge", "support", "update"));
      expect(drift).toMatch(/name: "Renamed in the dashboard" => "Support desk"/);
      expect(drift).toMatch(change("Bridge", "main", "create"));
      expect(drift).toMatch(change("ProviderConfiguration", "carrier", "update"));
      expect(drift).toMatch(/accountSid: "AC-changed-by-hand" => "AC00000000000000000000000000000009"/);
      expect(drift).toMatch(change("SipTrunk", "core", "update"));
      expect(drift).toMatch(/transport *: "udp" => "tcp"/);
      expect(drift).toMatch(change("SipTrunk", "edge", "create"));
      expect(drift).toMatch(change("BridgeNumber", n(1), "create"));
      expect(drift).toMatch(change("BridgeNumbers", "grouped-numbers", "update"));
      // refresh records it: reads only, one per bridge; the set records what its bridge holds.
      const driftRefresh = await measured(() => stack.refresh());
      expect(driftRefresh.summary.resourceChanges).toEqual({ update: 4, delete: 3, same: 7 });
      expect(driftRefresh.requests.writes).toEqual([]);
      expect(driftRefresh.requests.bridgeReads).toEqual({ ...everyBridge, desk: undefined, "front-desk": 1 });
      const refreshed = (await recorded(stack))["grouped-numbers"]?.outputs?.numbers as {
        phoneNumber: string;
      }[];
      expect(refreshed.map((x) => x.phoneNumber)).toEqual([n(5), n(6)]);
      await expectNoSecret();
      // up restores what the program declares, writing only the drift back.
      const restore = await measured(() => stack.up());
      expect(restore.summary.resourceChanges).toEqual({ update: 4, create: 3, same: 7 });
      expect(restore.requests.writes).toEqual([
        `PATCH ${BRIDGES}support/`,
        `PATCH ${CONFIGS}${carrier.id}/`,
        `PATCH ${TRUNKS}${core?.id}/`,
        `POST ${BRIDGES}`,
        connect("grouped", n(4)),
        disconnect("grouped", n(6)),
        connect("overflow", n(1)),
        `POST ${TRUNKS}`,
      ]);
      const third = await state();
      expect(links(third)).toEqual(links(second));
      expect(third.trunks.map((t) => [t.name, t.transport, t.auth_password])).toEqual([
        ["core", "tcp", null],
        ["edge-2", "tls", SECRETS.sipPassword],
      ]);
      expect((await stack.preview({ refresh: true, expectNoChanges: true })).changeSummary).toEqual({
        same: ALL,
      });

      // Deleted from the program, one of each type: a set's and a link's numbers stay with the organization.
      const trunkIds = Object.fromEntries(third.trunks.map((t) => [t.name, t.id]));
      await voice.declare(reduced);
      const deletion = await measured(() => stack.up());
      expect(deletion.summary.resourceChanges).toEqual({ delete: 5, same: 9 });
      expect(deletion.requests.writes).toEqual([
        `DELETE ${BRIDGES}support/`,
        `DELETE ${CONFIGS}${carrier.id}/`,
        `DELETE ${TRUNKS}${trunkIds.core}/`,
        disconnect("grouped", n(4)),
        disconnect("grouped", n(5)),
        disconnect("overflow", n(0)),
      ]);
      expect(links(await state())).toEqual([`overflow:${n(1)}`]);

      // destroy: one delete per resource, nothing left but the organization's numbers.
      const destroy = await measured(() => stack.destroy());
      expect(destroy.summary.resourceChanges).toEqual({ delete: 9 });
      expect(destroy.requests.writes).toEqual([
        `DELETE ${BRIDGES}front-desk/`,
        `DELETE ${BRIDGES}grouped/`,
        `DELETE ${BRIDGES}main/`,
        `DELETE ${BRIDGES}overflow/`,
        `DELETE ${CONFIGS}${twilio.id}/`,
        `DELETE ${CONFIGS}${plivo?.id}/`,
        `DELETE ${TRUNKS}${trunkIds["edge-2"]}/`,
        disconnect("overflow", n(1)),
      ]);
      expect(destroy.requests.total).toBeLessThanOrEqual(8 + C);
      const last = await state();
      expect([last.bridges, last.configurations, last.trunks, last.links]).toEqual([[], [], [], []]);
      const numbers = last.numbers.filter((x) => [0, 1, 3, 4, 5].map(n).includes(x.number));
      expect(numbers.map((x) => x.organization)).toEqual(Array(5).fill("acme"));
      expect((await stack.exportStack()).deployment.resources ?? []).toEqual([]);
    },
    limitFor(10),
  );
});
