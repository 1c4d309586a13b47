// `pulumi-voice-platform fleet` as a CI runner fleet meets it: the real engine through the Automation API,
// one emulator over HTTP, one PostgreSQL state backend (`postgres://`) started here and shared by every
// process, as several runners share one. Small stacks (a bridge each) keep it cheap. Each case works on
// stacks of its own or on the estate the file's setup makes (s1–s4 up, s1 renamed in the dashboard, its
// drift found at a low platform rate) and leaves it as it found it, so one case failing or timing out
// cannot fail the next.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetReport } from "../../../cli/fleet/fleet-report";
import {
  POSTGRES_INSTALL_TIMEOUT_MS,
  type PostgresServer,
  startPostgres,
} from "../../../scripts/tools/postgres-server";
import { VoiceClient } from "../../../sdk";
import { buildCli } from "../../fixtures/cli-build";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, repoRoot } from "../../fixtures/engine";
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
} from "../../fixtures/fleet";
import { limitFor, OPERATION_MS } from "../../fixtures/limits";
import { killTree } from "../../fixtures/process-tree";

const TOKEN = "fleet-e2e-s3cret-token";
/** The estate the setup brings up: s1 drifted, the others clean. Cases read it and leave it so. */
const ESTATE = ["s1", "s2", "s3", "s4"];
/** Stacks only the pull-request case brings up: it previews, creates and destroys them (two make two shards). */
const NEW = ["n1", "n2"];
/** The stack the lock case holds: a clean estate stack, which its `up --refresh` leaves as it was. */
const HELD = "s3";
const BROKEN = ["bad-org", "bad-token", "bad-config"];
const id = (stack: string) => `${FLEET_PROJECT}/${stack}`;
const selecting = (stacks: readonly string[]) => stacks.flatMap((s) => ["--stack", s]);
const byId = (report: FleetReport) => new Map(report.stacks.map((s) => [s.id, s]));
/** Selects the estate's stacks through a fleet file (the setup writes it), as a CI matrix does. */
const FLEET_FILE = "fleet.yaml";

describe("fleet: many stacks, one machine or a CI matrix", () => {
  let emu: TestEmulator;
  let pg: PostgresServer;
  let project: FleetProject;
  let cwd: string;
  let cli: string;
  /** The one-machine drift report of the estate (at a low platform rate), which the shards' merges must equal. */
  let whole: FleetReport;
  /** What that drift run printed. */
  let wholeStdout: string;
  const opts = () => ({ cli, cwd, env: project.env });

  beforeAll(
    async () => {
      [emu, pg] = await Promise.all([startTestEmulator({ token: TOKEN }), startPostgres()]);
      const acmeOrGlobex = (name: string, k: number) => ({ name, org: k % 2 === 0 ? "acme" : "globex" });
      project = await fleetProject(
        [
          ...[...ESTATE, ...NEW].map(acmeOrGlobex),
          { name: "prod", org: "acme" },
          { name: "bad-org", org: "initech" },
          { name: "bad-token", org: "acme", config: { "voice:token": "not-a-valid-token" } },
          { name: "bad-config", org: "acme", config: { "voice:baseUrl": "not a url" } },
        ],
        { baseUrl: emu.url, token: TOKEN, backend: pg.url },
      );
      cwd = project.dir.path;
      cli = buildCli();
      await writeFile(path.join(cwd, FLEET_FILE), `projects:\n  - folder: .\n    stacks: ["s?"]\n`);
      const up = await fleet(["up", ...selecting(ESTATE), "--parallel", "4", "--logs", "setup-up"], opts());
      expect(up.code, up.stderr).toBe(0);
      const client = new VoiceClient({ baseUrl: emu.url, token: TOKEN, orgHandle: "acme" });
      await client.bridges.update("fleet-s1", { name: "Renamed in the dashboard" });
      // The one-machine run every merge is held to runs at a low platform rate, the shards at full rate:
      // their equality says the rate changes how long drift takes, not what it finds.
      await emu.admin.setRateLimit(4, 2_000);
      try {
        const drift = await fleet(
          ["drift", ...selecting(ESTATE), "--parallel", "4", "--logs", "whole"],
          opts(),
        );
        expect(drift.code, drift.stderr).toBe(7);
        wholeStdout = drift.stdout;
      } finally {
        await emu.admin.setRateLimit(100_000);
      }
      whole = await readFleetReport(path.join(cwd, "whole", "report.json"));
    },
    // PostgreSQL and the engine may be installed and built; the command line compiles; 4 ups, 4 drifts.
    ENGINE_BUILD_TIMEOUT_MS + POSTGRES_INSTALL_TIMEOUT_MS + limitFor(2 + 4 + 4, 1),
  );
  afterAll(async () => {
    killFleets();
    await project?.remove();
    await Promise.all([emu?.close(), pg?.stop()]);
  });

  /** Runs `operation` over `stacks` in two shards at once, then merges their reports. */
  async function inTwoShards(operation: string, stacks: readonly string[], expected: number) {
    const runs = await Promise.all(
      ["1/2", "2/2"].map((shard, k) =>
        fleet([operation, ...selecting(stacks), "--shard", shard, "--logs", `${operation}-${k + 1}`], opts()),
      ),
    );
    expect(runs.map((r) => r.code)).toEqual([expected, expected]);
    const merged = await fleet(
      ["merge", `${operation}-1/report.json`, `${operation}-2/report.json`, "--json", `${operation}.json`],
      opts(),
    );
    expect(merged.code, merged.stderr).toBe(expected);
    const report = await readFleetReport(path.join(cwd, `${operation}.json`));
    return { merged, report };
  }

  it(
    "a pull request's new stacks: previewed in two shards and merged, created by `up` at most --parallel beside broken stacks (each a row naming its cause), destroyed in two shards and merged",
    async () => {
      const rowsOf = (report: FleetReport) =>
        report.stacks.map((s) => [s.id, s.status, s.changes.map((c) => `${c.resource} ${c.action}`)]);
      // The plan: what `up` will create, one report from two shards.
      const preview = await inTwoShards("preview", NEW, 7);
      expect(rowsOf(preview.report)).toEqual(
        NEW.map((s) => [id(s), "changes", ["voice:Bridge support create"]]),
      );
      expect(preview.merged.stdout).toContain("| voice:Bridge support | — | (new) | (none) | **create** |");

      // The merge: `up` on one machine, the broken stacks beside the new ones.
      const up = [
        "up",
        ...selecting([...NEW, ...BROKEN]),
        "--parallel",
        "3",
        "--logs",
        "up",
        "--progress-every",
        "1",
      ];
      const { code, stdout, stderr } = await fleet(up, opts());
      expect(code, stderr).toBe(1);
      const report = await readFleetReport(path.join(cwd, "up", "report.json"));
      const rows = byId(report);
      for (const s of NEW) expect(rows.get(id(s))?.status).toBe("changes");
      expect(rows.get(id("bad-org"))).toMatchObject({
        status: "failed",
        cause: expect.stringMatching(
          /voice:Bridge support: .*"initech" is not an organization this token can use/,
        ),
      });
      expect(rows.get(id("bad-token"))).toMatchObject({
        status: "failed",
        cause: expect.stringMatching(/refused voice:token/),
      });
      expect(rows.get(id("bad-config"))).toMatchObject({
        status: "failed",
        cause: expect.stringMatching(/voice:baseUrl must be a URL such as https:\/\/api\.example\.com/),
      });
      // Overlapping runs, never more than three at once.
      const spans = report.stacks.map((s) => [
        Date.parse(s.startedAt ?? ""),
        Date.parse(s.startedAt ?? "") + (s.durationMs ?? 0),
      ]);
      const overlap = (t: number) => spans.filter(([a, b]) => (a as number) <= t && t < (b as number)).length;
      const most = Math.max(...spans.map(([a]) => overlap(a as number)));
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(3);
      const logs: string[] = [];
      // A configuration that does not parse stops its stack before any request; the others reached the platform.
      expect(rows.get(id("bad-config"))?.requests).toBe(0);
      for (const s of report.stacks) {
        if (s.id !== id("bad-config")) expect(s.requests, s.id).toBeGreaterThan(0);
        logs.push(await readFile(path.join(cwd, "up", s.log ?? ""), "utf8"));
      }
      expect(logs[0]).toMatch(/pulumi-nodejs:dynamic\/voice:Bridge support/);
      expect(stdout).toMatch(/Exit code 1: 3 stacks failed \(also 2 changed\)/);
      // Where the run stands, every second: done, running, failed, found, and the longest-running stack.
      expect(stderr).toMatch(
        /\[\d+:\d\d\] \d\/5 done · [1-3] running · \d failed · \d changed · slowest: voice-fleet-e2e\/[\w-]+ \d+:\d\d/,
      );
      expect(stderr).toMatch(/finished: 5\/5 done · 0 running · 3 failed · 2 changed/);
      // The report of a run that created resources reads back as a merge's input.
      const again = await fleet(["merge", path.join("up", "report.json")], opts());
      expect(again.code).toBe(1);
      expect(again.stdout).toContain("| voice:Bridge support | — | (none) | (new) | **created** |");
      // Nothing secret anywhere: output, report, logs.
      const json = await readFile(path.join(cwd, "up", "report.json"), "utf8");
      for (const text of [stdout, stderr, json, ...logs]) {
        expect(text).not.toContain(TOKEN);
        expect(text).not.toContain("not-a-valid-token");
      }

      // The teardown: what destroy deleted, one report from two shards.
      const destroy = await inTwoShards("destroy", NEW, 0);
      expect(rowsOf(destroy.report)).toEqual(
        NEW.map((s) => [id(s), "changes", ["voice:Bridge support delete"]]),
      );
      expect(destroy.merged.stdout).toContain(
        "| voice:Bridge support | — | (existed) | (removed) | **deleted** |",
      );
      const slugs = (await emu.admin.state()).bridges.map((b) => b.slug);
      expect(slugs.filter((slug) => NEW.some((s) => slug === `fleet-${s}`))).toEqual([]);
      // The estate's bridges are untouched.
      expect(ESTATE.filter((s) => !slugs.includes(`fleet-${s}`))).toEqual([]);
    },
    // Preview, up (the new and the broken stacks), destroy.
    limitFor(NEW.length + NEW.length + BROKEN.length + NEW.length),
  );

  it("finds drift at a low platform rate with 0 stacks failed by 429, naming the stack and the field", () => {
    // The setup's one-machine run went at 4 requests per 2 s.
    expect(whole.stacks.map((s) => s.status)).toEqual(["changes", "clean", "clean", "clean"]);
    expect(byId(whole).get(id("s1"))?.changes).toMatchObject([
      {
        resource: "voice:Bridge support",
        property: "name",
        platform: "Renamed in the dashboard",
        origin: "platform",
      },
    ]);
    // The limit bit: the stacks sent more requests than one window allows (paced, and any 429
    // retried), and no stack failed of it.
    expect(whole.stacks.reduce((n, s) => n + (s.requests ?? 0), 0)).toBeGreaterThan(4);
    expect(wholeStdout).toMatch(/Exit code 7: 1 stack: drift/);
    expect(wholeStdout).toMatch(
      /\| voice:Bridge support \| `name` \| `Support s1` \| `Renamed in the dashboard` \|/,
    );
  });

  /** Drift in some of the estate's three shards at once, each with its own logs folder; answers their reports' paths. */
  async function driftShards(shards: readonly string[], logs: string): Promise<string[]> {
    const runs = await Promise.all(
      shards.map((shard) =>
        fleet(
          [
            "drift",
            "--fleet",
            FLEET_FILE,
            "--shard",
            shard,
            "--logs",
            `${logs}-${shard.replace("/", "-of-")}`,
          ],
          opts(),
        ),
      ),
    );
    // Shard 1/3 holds s1, the drifted stack.
    expect(runs.map((r) => r.code)).toEqual(shards.map((s) => (s === "1/3" ? 7 : 0)));
    return shards.map((shard) => path.join(`${logs}-${shard.replace("/", "-of-")}`, "report.json"));
  }

  it(
    "prints the CI matrix; of its three shards run at once one killed part-way shows as failed, and a rerun of that shard alone completes the merge into the one-machine report",
    async () => {
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
      // Shard 1/3 is s1 then s4: s4's read of its bridge is held up, and the shard killed (with its
      // workers and engines, as a runner's cancel kills a job) while s4 runs.
      const others = driftShards(["2/3", "3/3"], "shard");
      // Held until cleared, longer than the kill below can take on a loaded machine.
      await emu.admin.addFault({
        kind: "latency",
        ms: OPERATION_MS,
        match: { method: "GET", path: "/telephony/bridges/fleet-s4/" },
      });
      const killed = startFleet(
        ["drift", "--fleet", FLEET_FILE, "--shard", "1/3", "--logs", "killed", "--parallel", "1"],
        opts(),
      );
      try {
        const status = async (stack: string) =>
          (
            await readFleetReport(path.join(cwd, "killed", "report.json")).catch(() => undefined)
          )?.stacks.find((s) => s.id === id(stack))?.status;
        await until(async () => (await status("s4")) === "running", limitFor(2), "the shard to start s4");
        // Its first request (the organization check) answered: s4's engine is at work, its bridge's read held.
        const s4Requests = path.join(cwd, "killed", FLEET_PROJECT, "s4.requests");
        await until(
          async () => (await readFile(s4Requests, "utf8").catch(() => "")) !== "",
          limitFor(1),
          "s4's first request",
        );
      } finally {
        killTree(killed.child.pid ?? 0);
        await killed.done;
        await emu.admin.clearFaults();
      }
      const besides = await others;
      const partial = await fleet(
        ["merge", "killed/report.json", ...besides, "--json", "partial.json"],
        opts(),
      );
      expect(partial.code).toBe(1);
      const merged = byId(await readFleetReport(path.join(cwd, "partial.json")));
      expect(merged.get(id("s1"))?.status).toBe("changes");
      expect(merged.get(id("s4"))).toMatchObject({
        status: "failed",
        cause: expect.stringMatching(/shard 1\/3 ended while this stack was running/),
      });
      expect(partial.stdout).toMatch(/Exit code 1: 1 stack failed \(also 1 drift\)/);
      const rerun = await fleet(
        ["drift", "--fleet", FLEET_FILE, "--shard", "1/3", "--logs", "rerun"],
        opts(),
      );
      expect(rerun.code).toBe(7);
      // The three shards' reports merge into the one-machine report, and so do they with the killed one.
      const three = await fleet(["merge", "rerun/report.json", ...besides, "--json", "merged.json"], opts());
      expect(three.code).toBe(7);
      expect(comparable(await readFleetReport(path.join(cwd, "merged.json")))).toEqual(comparable(whole));
      const complete = await fleet(
        ["merge", "killed/report.json", "rerun/report.json", ...besides, "--json", "complete.json"],
        opts(),
      );
      expect(complete.code).toBe(7);
      expect(comparable(await readFleetReport(path.join(cwd, "complete.json")))).toEqual(comparable(whole));
    },
    // Shards 2/3 and 3/3, the killed shard (s1 and part of s4), its rerun.
    limitFor(2 + 2 + 2),
  );

  it(
    "makes a stack another run holds a failed row naming the holder",
    async () => {
      // The holder's refresh is held until the second run has met the lock (clearing the faults releases it).
      await emu.admin.addFault({
        kind: "latency",
        ms: limitFor(3),
        match: { method: "GET", path: `/telephony/bridges/fleet-${HELD}/` },
      });
      const holder = startFleet(["up", "--refresh", "--stack", HELD, "--logs", "holder"], opts());
      try {
        const locks = () =>
          pg.query(`select count(*) from pulumi_state where key like '%/locks/%/${HELD}/%'`);
        await until(async () => (await locks()).trim() !== "0", limitFor(1), `the first run to lock ${HELD}`);
        const second = await fleet(["up", "--stack", HELD, "--logs", "second"], opts());
        expect(second.code).toBe(1);
        expect(
          byId(await readFleetReport(path.join(cwd, "second", "report.json"))).get(id(HELD))?.cause,
        ).toMatch(
          /^locked by another run \(\S+@\S+, pid \d+ since \d{4}-\d\d-\d\dT[\d:]+Z\): wait for it to end; if it was killed, run `pulumi-voice-platform recover --cancel`/,
        );
        await emu.admin.clearFaults();
        expect((await holder.done).code).toBe(0);
      } finally {
        await emu.admin.clearFaults();
      }
    },
    limitFor(3),
  );

  it(
    "on an interrupt stops launching, lets a running stack end, cancels the rest on a second one",
    async () => {
      // s1 runs until both are seen running, then ends by itself; s2 runs until after s1 has ended and
      // its engine has taken the cancel (held until cleared).
      await emu.admin.addFault({
        kind: "latency",
        ms: 5_000,
        match: { method: "GET", path: "/telephony/bridges/fleet-s1/" },
      });
      await emu.admin.addFault({
        kind: "latency",
        ms: OPERATION_MS,
        match: { method: "GET", path: "/telephony/bridges/fleet-s2/" },
      });
      const running = startFleet(
        ["drift", ...selecting(ESTATE), "--parallel", "2", "--logs", "interrupted"],
        opts(),
      );
      const report = () =>
        readFleetReport(path.join(cwd, "interrupted", "report.json")).catch(() => undefined);
      const status = async (stack: string) =>
        (await report())?.stacks.find((s) => s.id === id(stack))?.status;
      let ended: Awaited<typeof running.done>;
      try {
        await until(
          async () => (await status("s1")) === "running" && (await status("s2")) === "running",
          limitFor(1),
          "two running",
        );
        running.child.kill("SIGINT");
        await until(async () => (await status("s1")) === "changes", limitFor(1), "s1 to end by itself");
        running.child.kill("SIGINT");
        // Once s2's engine has taken the cancel, its held read is let go: the step ends, the engine stops.
        const s2Log = path.join(cwd, "interrupted", FLEET_PROJECT, "s2.log");
        await until(
          async () => /cancel/i.test(await readFile(s2Log, "utf8").catch(() => "")),
          limitFor(1),
          "s2's engine to take the cancel",
        );
        await emu.admin.clearFaults();
        ended = await running.done;
      } finally {
        killFleets();
        await emu.admin.clearFaults();
      }
      const { code, stdout } = ended;
      expect(code).toBe(8);
      const final = byId((await report()) as FleetReport);
      expect([...final.values()].map((s) => s.status)).toEqual([
        "changes",
        "cancelled",
        "not run",
        "not run",
      ]);
      expect(stdout).toMatch(/Exit code 8: interrupted: 3 stacks cancelled or not run \(also 1 drift\)/);
      // The cancelled engine released its lock: the stack runs again at once.
      expect((await fleet(["drift", "--stack", "s2", "--logs", "after"], opts())).code).toBe(0);
    },
    limitFor(4),
  );

  it(
    "runs the policy pack in every stack, its violations in the report per stack",
    async () => {
      const policyPack = path.join(repoRoot, "policy-pack");
      const { code, stdout } = await fleet(
        ["preview", "--stack", "s2", "--stack", "prod", "--logs", "policy", "--policy-pack", policyPack],
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
      expect(stdout).toMatch(
        /#### Policy violations[\s\S]*`voice-fleet-e2e\/prod` \| `voice-protect-in-production` \| mandatory/,
      );
    },
    limitFor(2),
  );

  it(
    "refuses bad input before anything runs, naming the option and the rule",
    async () => {
      const cases: [string[], RegExp][] = [
        [
          ["drift", "--stack", "nope", "--logs", "bad"],
          /--stack nope: names no stack of \. \(its stacks: bad-config, bad-org, bad-token, n1, n2, prod, s1, s2, s3, s4\)/,
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
    },
    limitFor(5),
  );
});
