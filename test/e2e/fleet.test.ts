// `pulumi-voice-platform fleet` as a CI runner fleet meets it: the real engine through the Automation API,
// one emulator over HTTP, one PostgreSQL state backend (`postgres://`) started here and shared by every
// process, as several runners share one. Small stacks (a bridge each) keep it cheap; the tests run in order
// and build on each other: up, drift at a low rate, shards and their merge, a killed shard and its rerun,
// an interrupt, policy and failures, bad input.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetReport } from "../../cli/fleet/fleet-report";
import { VoiceClient } from "../../sdk";
import { buildCli } from "../cli/build";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, repoRoot } from "../fixtures/engine";
import {
  comparable,
  FLEET_PROJECT,
  type FleetProject,
  fleet,
  fleetProject,
  killFleets,
  readFleetReport,
  startFleet,
  until,
} from "../fixtures/fleet";
import { startPostgres, type TestPostgres } from "../fixtures/postgres";
import { killTree } from "../fixtures/process-tree";

const TOKEN = "fleet-e2e-s3cret-token";
const GOOD = ["s1", "s2", "s3", "s4"];
const id = (stack: string) => `${FLEET_PROJECT}/${stack}`;
const select = GOOD.flatMap((s) => ["--stack", s]);
const byId = (report: FleetReport) => new Map(report.stacks.map((s) => [s.id, s]));

describe("fleet: many stacks, one machine or a CI matrix", { timeout: 240_000 }, () => {
  let emu: TestEmulator;
  let pg: TestPostgres;
  let project: FleetProject;
  let cwd: string;
  let cli: string;
  const opts = () => ({ cli, cwd, env: project.env });

  beforeAll(async () => {
    [emu, pg] = await Promise.all([startTestEmulator({ token: TOKEN }), startPostgres()]);
    project = await fleetProject(
      [
        ...GOOD.map((name, k) => ({ name, org: k % 2 === 0 ? "acme" : "globex" })),
        { name: "prod", org: "acme" },
        { name: "bad-org", org: "initech" },
        { name: "bad-token", org: "acme", config: { "voice:token": "not-a-valid-token" } },
      ],
      { baseUrl: emu.url, token: TOKEN, backend: pg.url },
    );
    cwd = project.dir.path;
    cli = buildCli();
  }, ENGINE_BUILD_TIMEOUT_MS);
  afterAll(async () => {
    killFleets();
    await project?.remove();
    await Promise.all([emu?.close(), pg?.stop()]);
  });

  let whole: FleetReport;

  it("runs `up` in several stacks at once, at most --parallel, each stack's log in the folder", async () => {
    const { code, stdout, stderr } = await fleet(
      ["up", ...select, "--parallel", "3", "--logs", "up"],
      opts(),
    );
    expect(code, stderr).toBe(0);
    const report = await readFleetReport(path.join(cwd, "up", "report.json"));
    expect(report.stacks.map((s) => [s.id, s.status])).toEqual(GOOD.map((s) => [id(s), "changes"]));
    // Overlapping runs, never more than three at once.
    const spans = report.stacks.map((s) => [
      Date.parse(s.startedAt ?? ""),
      Date.parse(s.startedAt ?? "") + (s.durationMs ?? 0),
    ]);
    const overlap = (t: number) => spans.filter(([a, b]) => (a as number) <= t && t < (b as number)).length;
    const most = Math.max(...spans.map(([a]) => overlap(a as number)));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
    for (const s of report.stacks) {
      expect(s.requests).toBeGreaterThan(0);
      expect(await readFile(path.join(cwd, "up", s.log ?? ""), "utf8")).toMatch(
        /voice:Bridge support|Bridge/,
      );
    }
    expect(stdout).toContain("4 updated");
    expect(stderr).toMatch(/\d\/4 done/);
  });

  it("finds drift at a low platform rate with 0 stacks failed by 429, naming the stack and the field", async () => {
    const client = new VoiceClient({ baseUrl: emu.url, token: TOKEN, orgHandle: "acme" });
    await client.bridges.update("fleet-s1", { name: "Renamed in the dashboard" });
    await emu.admin.setRateLimit(4, 2_000);
    try {
      const { code, stdout } = await fleet(
        ["drift", ...select, "--parallel", "4", "--logs", "whole"],
        opts(),
      );
      expect(code).toBe(7);
      whole = await readFleetReport(path.join(cwd, "whole", "report.json"));
      expect(whole.stacks.map((s) => s.status)).toEqual(["changes", "clean", "clean", "clean"]);
      expect(byId(whole).get(id("s1"))?.changes).toMatchObject([
        {
          resource: "voice:Bridge support",
          property: "name",
          platform: "Renamed in the dashboard",
          origin: "platform",
        },
      ]);
      // The limit bit (429s were answered and retried), and no stack failed of it.
      expect(whole.stacks.reduce((n, s) => n + (s.throttled ?? 0), 0)).toBeGreaterThan(0);
      expect(stdout).toMatch(/Exit code 7: 1 stack: drift/);
      expect(stdout).toMatch(
        /\| voice:Bridge support \| `name` \| `Support s1` \| `Renamed in the dashboard` \|/,
      );
    } finally {
      await emu.admin.setRateLimit(100_000);
    }
  });

  let shardReports: string[];

  it("prints the CI matrix, runs three shards at once, and merges them into the one-machine report", async () => {
    const fleetFile = path.join(cwd, "fleet.yaml");
    await writeFile(fleetFile, `projects:\n  - folder: .\n    stacks: ["s?"]\n`);
    const matrix = await fleet(["matrix", "--fleet", "fleet.yaml", "--shards", "3"], opts());
    expect(JSON.parse(matrix.stdout)).toEqual({
      include: [
        { shard: "1/3", stacks: `${id("s1")} ${id("s4")}` },
        { shard: "2/3", stacks: id("s2") },
        { shard: "3/3", stacks: id("s3") },
      ],
    });
    const gitlab = await fleet(
      ["matrix", "--fleet", "fleet.yaml", "--shards", "3", "--format", "gitlab"],
      opts(),
    );
    expect(gitlab.stdout).toContain("parallel:\n  matrix:\n    - SHARD: 1/3");
    const shards = ["1/3", "2/3", "3/3"];
    const runs = await Promise.all(
      shards.map((shard, k) =>
        fleet(["drift", "--fleet", "fleet.yaml", "--shard", shard, "--logs", `shard-${k + 1}`], opts()),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual([7, 0, 0]);
    shardReports = shards.map((_, k) => path.join("shard-" + (k + 1), "report.json"));
    const merged = await fleet(["merge", ...shardReports, "--json", "merged.json"], opts());
    expect(merged.code).toBe(7);
    expect(comparable(await readFleetReport(path.join(cwd, "merged.json")))).toEqual(comparable(whole));
  });

  it("shows a shard killed part-way as failed, and a rerun of that shard alone completes the merge", async () => {
    // Shard 1/3 is s1 then s4: s4's read of its bridge is held up, and the shard killed while s4 holds its lock.
    await emu.admin.addFault({
      kind: "latency",
      ms: 60_000,
      match: { method: "GET", path: "/telephony/bridges/fleet-s4/" },
    });
    const killed = startFleet(
      ["drift", "--fleet", "fleet.yaml", "--shard", "1/3", "--logs", "killed", "--parallel", "1"],
      opts(),
    );
    const lockOf = (stack: string) =>
      pg.query(`select count(*) from pulumi_state where key like '%/locks/%/${stack}/%'`);
    await until(async () => (await lockOf("s4")).trim() !== "0", 60_000, "the killed shard to lock s4");
    killTree(killed.child.pid ?? 0);
    await killed.done;
    await emu.admin.clearFaults();
    const partial = await fleet(
      ["merge", "killed/report.json", ...shardReports.slice(1), "--json", "partial.json"],
      opts(),
    );
    expect(partial.code).toBe(1);
    const s4 = byId(await readFleetReport(path.join(cwd, "partial.json"))).get(id("s4"));
    expect(s4).toMatchObject({
      status: "failed",
      cause: expect.stringMatching(/shard 1\/3 ended while this stack was running/),
    });
    expect(partial.stdout).toMatch(/Exit code 1: 1 stack failed \(also 1 drift\)/);
    // The killed engine's lock is still there: a rerun says so, naming the holder...
    const locked = await fleet(
      ["drift", "--fleet", "fleet.yaml", "--shard", "1/3", "--logs", "locked"],
      opts(),
    );
    expect(locked.code).toBe(1);
    expect(byId(await readFleetReport(path.join(cwd, "locked", "report.json"))).get(id("s4"))?.cause).toMatch(
      /^locked by another run \(\S+@\S+, pid \d+ since .*--cancel-locks-older-than/,
    );
    // ...and one told that a lock of any age is a killed job's completes the shard.
    const rerun = await fleet(
      [
        "drift",
        "--fleet",
        "fleet.yaml",
        "--shard",
        "1/3",
        "--logs",
        "rerun",
        "--cancel-locks-older-than",
        "0s",
      ],
      opts(),
    );
    expect(rerun.code).toBe(7);
    const all = ["killed/report.json", "locked/report.json", "rerun/report.json", ...shardReports.slice(1)];
    const complete = await fleet(["merge", ...all, "--json", "complete.json"], opts());
    expect(complete.code).toBe(7);
    expect(comparable(await readFleetReport(path.join(cwd, "complete.json")))).toEqual(comparable(whole));
  });

  it("on an interrupt stops launching, lets a running stack end, cancels the rest on a second one", async () => {
    await emu.admin.addFault({
      kind: "latency",
      ms: 3_000,
      match: { method: "GET", path: "/telephony/bridges/fleet-s1/" },
    });
    await emu.admin.addFault({
      kind: "latency",
      ms: 120_000,
      match: { method: "GET", path: "/telephony/bridges/fleet-s2/" },
    });
    const running = startFleet(["drift", ...select, "--parallel", "2", "--logs", "interrupted"], opts());
    const report = () => readFleetReport(path.join(cwd, "interrupted", "report.json")).catch(() => undefined);
    const status = async (stack: string) => (await report())?.stacks.find((s) => s.id === id(stack))?.status;
    await until(
      async () => (await status("s1")) === "running" && (await status("s2")) === "running",
      60_000,
      "two running",
    );
    running.child.kill("SIGINT");
    await until(async () => (await status("s1")) === "changes", 60_000, "s1 to end by itself");
    running.child.kill("SIGINT");
    const { code, stdout } = await running.done;
    await emu.admin.clearFaults();
    expect(code).toBe(8);
    const final = byId((await report()) as FleetReport);
    expect([...final.values()].map((s) => s.status)).toEqual(["changes", "cancelled", "not run", "not run"]);
    expect(stdout).toMatch(/Exit code 8: interrupted: 3 stacks cancelled or not run \(also 1 drift\)/);
    // The cancelled engine released its lock: the stack runs again at once.
    expect((await fleet(["drift", "--stack", "s2", "--logs", "after"], opts())).code).toBe(0);
  });

  it("runs the policy pack in every stack and makes each failure a row naming the stack and the cause", async () => {
    const { code, stdout, stderr } = await fleet(
      [
        "preview",
        "--stack",
        "s2",
        "--stack",
        "prod",
        "--stack",
        "bad-org",
        "--stack",
        "bad-token",
        "--logs",
        "policy",
        "--policy-pack",
        path.join(repoRoot, "policy-pack"),
      ],
      opts(),
    );
    expect(code).toBe(1);
    const rows = byId(await readFleetReport(path.join(cwd, "policy", "report.json")));
    expect(rows.get(id("s2"))).toMatchObject({ status: "clean", policy: [] });
    expect(rows.get(id("prod"))).toMatchObject({
      status: "failed",
      cause: expect.stringMatching(/mandatory .*voice-protect-in-production \(voice:Bridge support\)/),
      policy: [
        expect.objectContaining({
          policy: "voice-protect-in-production",
          level: "mandatory",
          resource: "voice:Bridge support",
        }),
      ],
    });
    expect(rows.get(id("bad-org"))?.cause).toMatch(/"initech" is not an organization this token can use/);
    expect(rows.get(id("bad-token"))?.cause).toMatch(/refused voice:token/);
    expect(stdout).toMatch(
      /#### Policy violations[\s\S]*`voice-fleet-e2e\/prod` \| `voice-protect-in-production` \| mandatory/,
    );
    // Nothing secret anywhere: output, report, logs.
    const logs = await readdir(path.join(cwd, "policy"), { recursive: true });
    const texts = await Promise.all(
      logs
        .filter((f) => f.endsWith(".log") || f.endsWith(".json"))
        .map((f) => readFile(path.join(cwd, "policy", f), "utf8")),
    );
    for (const text of [stdout, stderr, ...texts]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain("not-a-valid-token");
    }
  });

  it("refuses bad input before anything runs, naming the option and the rule", async () => {
    const cases: [string[], RegExp][] = [
      [
        ["drift", "--stack", "nope", "--logs", "bad"],
        /--stack nope: names no stack of \. \(its stacks: bad-org, bad-token, prod, s1, s2, s3, s4\)/,
      ],
      [["drift", "--stack", "s1", "--stack", "s1", "--logs", "bad"], /--stack s1: a stack named twice/],
      [["drift", "--parallel", "0", "--logs", "bad"], /--parallel 0: must be from 1 to 64/],
      [["drift", "--shard", "3/2", "--logs", "bad"], /--shard 3\/2: i must be between 1 and n \(2\)/],
      [
        ["drift", "--fleet", "broken.yaml", "--logs", "bad"],
        /--fleet broken.yaml: not valid YAML at line \d+, column \d+/,
      ],
    ];
    await writeFile(path.join(cwd, "broken.yaml"), "projects:\n  - folder: [.\n");
    for (const [args, message] of cases) {
      const { code, stderr } = await fleet(args, opts());
      expect(code, args.join(" ")).toBe(2);
      expect(stderr).toMatch(message);
    }
    expect(await readdir(cwd)).not.toContain("bad");
  });
});
