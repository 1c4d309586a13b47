// The emulator holding a fleet: many organizations one token may use, each with its own numbers,
// spaces and agents, named so that stacks can be generated, kept by reset and by the state file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { AdminError, fleetOrganizations } from "../../../../emulator";
import { startTestEmulator, type TestEmulator, useEmulator } from "../../../fixtures/emulator";
import { platform } from "../../../fixtures/raw-platform";

const dir = mkdtempSync(join(tmpdir(), "voice-fleet-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("fleetOrganizations", () => {
  it("derives handles, accounts and numbers from the options alone, none shared", () => {
    const fleet = fleetOrganizations({ organizations: 12, numbersPerOrganization: 3 });
    expect(fleet.map((o) => o.handle).slice(0, 2)).toEqual(["org-001", "org-002"]);
    expect(fleet.at(-1)).toMatchObject({
      handle: "org-012",
      name: "Organization 012",
      provider: "twilio",
      accountSid: "ACf1ee7000000000000000000000000012",
      numbers: ["+13000120000", "+13000120001", "+13000120002"],
      spaces: ["sp-org-012-support", "sp-org-012-sales"],
      agents: ["support-agent", "sales-agent"],
    });
    const numbers = fleet.flatMap((o) => o.numbers);
    expect(new Set(numbers).size).toBe(36);
    expect(new Set(fleet.map((o) => o.accountSid)).size).toBe(12);
    // A handle does not depend on the fleet's size, so a fleet that grows keeps its names.
    expect(fleetOrganizations({ organizations: 1_000, numbersPerOrganization: 1 })[11]?.handle).toBe(
      "org-012",
    );
    expect(fleetOrganizations({ organizations: 1_000, numbersPerOrganization: 1 })[999]?.handle).toBe(
      "org-1000",
    );
    expect(fleetOrganizations({ organizations: 1 })[0]?.numbers).toHaveLength(1_000);
  });

  it.each([
    [{ organizations: 0 }, "organizations"],
    [{ organizations: 10_001 }, "organizations"],
    [{ organizations: 1.5 }, "organizations"],
    [{ organizations: 2, numbersPerOrganization: 10_001 }, "numbersPerOrganization"],
  ])("refuses %j, naming %s", async (options, field) => {
    await expect(startTestEmulator(options)).rejects.toThrow(
      new RegExp(`^${field} must be an integer from 1 to 10,000`),
    );
  });

  it("refuses numbersPerOrganization without organizations", async () => {
    await expect(startTestEmulator({ numbersPerOrganization: 5 })).rejects.toThrow(
      "numbersPerOrganization needs organizations",
    );
  });
});

describe("an emulator started with organizations", () => {
  const emu = useEmulator({ organizations: 3, numbersPerOrganization: 4 });

  it("lets its one token use every organization of the fleet besides the demo ones", async () => {
    expect(emu.fleet).toEqual(["org-001", "org-002", "org-003"]);
    const call = platform(emu);
    const orgs = await call("GET", "/organizations/", { org: null });
    expect(orgs.json.count).toBe(5);
    expect(orgs.json.data.map((o: { domain_handle: string }) => o.domain_handle)).toEqual([
      "acme",
      "globex",
      "org-001",
      "org-002",
      "org-003",
    ]);
    const page = await call("GET", "/organizations/?page=2&page_size=2", { org: null });
    expect(page.json.data.map((o: { domain_handle: string }) => o.domain_handle)).toEqual([
      "org-001",
      "org-002",
    ]);
  });

  it("gives each organization its own numbers, spaces and agents", async () => {
    const call = platform(emu);
    for (const org of fleetOrganizations({ organizations: 3, numbersPerOrganization: 4 })) {
      const overview = await call("GET", "/telephony/overview/", { org: org.handle });
      expect(overview.json.data.map((r: { number: string }) => r.number)).toEqual(org.numbers);
      const spaces = await call("GET", "/spaces/", { org: org.handle });
      expect(spaces.json.data.map((s: { token: string }) => s.token)).toEqual(org.spaces);
      const agents = await call("GET", "/agents/", { org: org.handle });
      expect(agents.json.data.map((a: { handle: string }) => a.handle)).toEqual(org.agents);
      // Own numbers and the pool's five, never another organization's.
      const numbers = await call("GET", "/telephony/numbers/", { org: org.handle });
      expect(numbers.json.count).toBe(4 + 5);
    }
    // The same agent handle in two organizations: each space's tasks go to its own organization's agent.
    const task = await call("POST", "/spaces/sp-org-002-support/tasks/create/", {
      org: "org-002",
      body: {
        pilot: "support-agent",
        documents: [{ contact_number: "+14155550199" }],
        schedule: { type: "now" },
      },
    });
    expect(task.status).toBe(200);
    const other = await call("GET", "/spaces/sp-org-002-support/", { org: "org-003" });
    expect(other.status).toBe(404);
  });

  it("keeps organizations apart: the same slug twice, and no connect of another organization's number", async () => {
    const call = platform(emu);
    const [one, two] = fleetOrganizations({ organizations: 2, numbersPerOrganization: 4 });
    if (one === undefined || two === undefined) throw new Error("fleet too small");
    const configs: number[] = [];
    for (const org of [one, two]) {
      const cfg = await call("POST", "/telephony/providers-configurations/", {
        org: org.handle,
        body: { provider: org.provider, account_sid: org.accountSid, auth_token: "fleet-auth" },
      });
      expect(cfg.status).toBe(201);
      configs.push(cfg.json.data.id);
      expect(
        (await call("POST", "/telephony/bridges/", { org: org.handle, body: { name: "Main", slug: "main" } }))
          .status,
      ).toBe(201);
    }
    const own = await call("POST", "/telephony/bridges/main/connect-provider/", {
      org: one.handle,
      body: { provider_config_id: configs[0], phone_number: one.numbers[0] },
    });
    expect(own.status).toBe(200);
    const foreign = await call("POST", "/telephony/bridges/main/connect-provider/", {
      org: one.handle,
      body: { provider_config_id: configs[0], phone_number: two.numbers[0] },
    });
    expect(foreign.status).toBe(400);
    const bridges = await call("GET", "/telephony/bridges/", { org: two.handle });
    expect(bridges.json.data.map((b: { numbers: unknown[] }) => b.numbers.length)).toEqual([0]);
  });

  it("comes back whole after a reset", async () => {
    await emu.admin.deleteBridge("org-001", "main").catch(() => undefined);
    await emu.admin.reset();
    const state = await emu.admin.state();
    expect(state.organizations.map((o) => o.domain_handle)).toEqual([
      "acme",
      "globex",
      "initech",
      "org-001",
      "org-002",
      "org-003",
    ]);
    expect(state.numbers.filter((n) => n.organization?.startsWith("org-"))).toHaveLength(12);
    expect(state.tokens.find((t) => t.token === emu.token)?.organizations).toEqual([
      "acme",
      "globex",
      "org-001",
      "org-002",
      "org-003",
    ]);
  });
});

describe("POST /_emulator/fleet", () => {
  const emu = useEmulator();

  it("adds a fleet, again without duplicates, and grants it to another token when asked", async () => {
    const added = await emu.admin.addFleet({ organizations: 2, numbersPerOrganization: 3 });
    expect(added).toEqual([
      {
        handle: "org-001",
        name: "Organization 001",
        provider: "twilio",
        account_sid: "ACf1ee7000000000000000000000000001",
        numbers: 3,
        first_number: "+13000010000",
        last_number: "+13000010002",
        spaces: ["sp-org-001-support", "sp-org-001-sales"],
        agents: ["support-agent", "sales-agent"],
      },
      expect.objectContaining({ handle: "org-002", last_number: "+13000020002" }),
    ]);
    // Again, grown: the first two keep their records, the third is new.
    await emu.admin.addFleet({ organizations: 3, numbersPerOrganization: 3, token: "fleet-token" });
    const state = await emu.admin.state();
    expect(state.organizations.filter((o) => o.domain_handle.startsWith("org-"))).toHaveLength(3);
    expect(state.numbers.filter((n) => n.organization?.startsWith("org-"))).toHaveLength(9);
    expect(state.spaces.filter((s) => s.organization.startsWith("org-"))).toHaveLength(6);
    expect(state.tokens.find((t) => t.token === "fleet-token")?.organizations).toEqual([
      "org-001",
      "org-002",
      "org-003",
    ]);
    const asFleetToken = await platform(emu)("GET", "/organizations/", { org: null, token: "fleet-token" });
    expect(asFleetToken.json.count).toBe(3);
  });

  it("refuses a bad body naming the field, and changes nothing", async () => {
    const before = await emu.admin.state();
    for (const body of [{}, { organizations: 0 }, { organizations: 2, numbersPerOrganization: "9" }]) {
      const err = await emu.admin.addFleet(body as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AdminError);
      expect((err as AdminError).status).toBe(400);
    }
    const err = (await emu.admin.addFleet({ organizations: 0 }).catch((e: unknown) => e)) as AdminError;
    expect(JSON.stringify(err.body)).toContain("organizations");
    expect(await emu.admin.state()).toEqual(before);
  });
});

describe("a fleet in the state file", () => {
  const running: TestEmulator[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((e) => e.close()));
  });
  const start = async (opts: Parameters<typeof startTestEmulator>[0]) => {
    const emu = await startTestEmulator(opts);
    running.push(emu);
    return emu;
  };

  it("is carried across restarts, with or without the option, and grows when asked", async () => {
    const stateFile = join(dir, "fleet-state.json");
    const first = await start({ stateFile, organizations: 2, numbersPerOrganization: 2 });
    const created = await platform(first)("POST", "/telephony/bridges/", {
      org: "org-002",
      body: { name: "Kept", slug: "kept" },
    });
    expect(created.status).toBe(201);
    await first.close();

    // Without the option: the organizations, the grant and the bridge come from the file.
    const second = await start({ stateFile });
    const kept = await platform(second)("GET", "/telephony/bridges/kept/", { org: "org-002" });
    expect(kept.status).toBe(200);
    await second.close();

    // With a larger fleet: org-003 joins, org-002 keeps its bridge.
    const third = await start({ stateFile, organizations: 3, numbersPerOrganization: 2 });
    const call = platform(third);
    expect((await call("GET", "/telephony/bridges/kept/", { org: "org-002" })).status).toBe(200);
    expect((await call("GET", "/telephony/overview/", { org: "org-003" })).json.count).toBe(2);
  });
});
