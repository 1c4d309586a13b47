// `fleet --shared-plugin` through the real engine: two organizations' stacks on the native provider in
// one lane, whose engines attach to the lane's one plugin (PULUMI_DEBUG_PROVIDERS) one after the other.
// Each stack is served its own organization, and its requests reach its own row, as without the option.
// The plugin's seams without the engine: test/cli/fleet/shared-plugin.test.ts.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FleetReport } from "../../../cli/fleet/fleet-report";
import { VoiceClient } from "../../../sdk";
import { buildCli } from "../../fixtures/cli-build";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, makeTempDir, type TempDir } from "../../fixtures/engine";
import {
  comparable,
  FLEET_PROJECT,
  type FleetProject,
  fleet,
  fleetProject,
  readFleetReport,
} from "../../fixtures/fleet";
import { limitFor } from "../../fixtures/limits";

const TOKEN = "fleet-shared-plugin-s3cret";
const STACKS = [
  { name: "a", org: "acme" },
  { name: "g", org: "globex" },
];
/** A stack with a second voice provider (an explicit one, for globex), between the two in the lane's order. */
const DUAL = { name: "dual", org: "acme", config: { secondOrg: "globex" } };
const selecting = (stacks: readonly { name: string }[]) => stacks.flatMap((s) => ["--stack", s.name]);
const id = (stack: string) => `${FLEET_PROJECT}/${stack}`;

/** The port each stack's engine attached to, and the requests the lane's plugin made for it, from the stack's log. */
async function attached(
  logs: string,
  stack: string,
): Promise<{ port: string | undefined; requests: number | undefined }> {
  const log = await readFile(path.join(logs, FLEET_PROJECT, `${stack}.log`), "utf8");
  const port = /^# shared plugin: .* \(PULUMI_DEBUG_PROVIDERS=voice:(\d+)\)$/m.exec(log)?.[1];
  const requests = /^# shared plugin: (\d+) requests$/m.exec(log)?.[1];
  return { port, requests: requests === undefined ? undefined : Number(requests) };
}

describe("fleet --shared-plugin: one plugin per lane", () => {
  let emu: TestEmulator;
  let backend: TempDir;
  let project: FleetProject;
  let cli: string;
  const run = (args: string[]) => fleet(args, { cli, cwd: project.dir.path, env: project.env });
  const report = (logs: string): Promise<FleetReport> =>
    readFleetReport(path.join(project.dir.path, logs, "report.json"));

  beforeAll(async () => {
    emu = await startTestEmulator({ token: TOKEN });
    backend = await makeTempDir("pulumi-voice-fleet-shared-");
    project = await fleetProject([...STACKS, DUAL], {
      baseUrl: emu.url,
      token: TOKEN,
      backend: `file://${backend.path}`,
      native: true,
    });
    cli = buildCli();
  }, ENGINE_BUILD_TIMEOUT_MS + limitFor(STACKS.length));
  afterAll(async () => {
    await project?.remove();
    await backend?.remove();
    await emu?.close();
  });

  it(
    "creates each organization's bridge from one plugin, and previews as without it, request for request",
    async () => {
      const up = await run([
        "up",
        ...selecting(STACKS),
        "--parallel",
        "1",
        "--shared-plugin",
        "--logs",
        "up",
      ]);
      expect(up.code, up.stderr).toBe(0);
      const upLogs = path.join(project.dir.path, "up");
      const [first, second] = await Promise.all(STACKS.map((s) => attached(upLogs, s.name)));
      expect(first?.port).toMatch(/^\d+$/);
      expect(second?.port).toBe(first?.port);
      // The engine used the lane's plugin, not one of its own: the plugin's requests were the lane's.
      expect(first?.requests).toBeGreaterThan(0);
      expect(second?.requests).toBeGreaterThan(0);
      for (const s of STACKS) {
        const client = new VoiceClient({ baseUrl: emu.url, token: TOKEN, orgHandle: s.org });
        const slugs = (await client.bridges.list()).data.map((b) => b.slug);
        expect(slugs).toContain(`fleet-${s.name}`);
        for (const other of STACKS.filter((o) => o !== s)) expect(slugs).not.toContain(`fleet-${other.name}`);
      }

      const shared = await run([
        "preview",
        ...selecting(STACKS),
        "--parallel",
        "1",
        "--shared-plugin",
        "--logs",
        "shared",
      ]);
      expect(shared.code, shared.stderr).toBe(0);
      const own = await run(["preview", ...selecting(STACKS), "--parallel", "1", "--logs", "own"]);
      expect(own.code, own.stderr).toBe(0);
      const [withShared, without] = await Promise.all([report("shared"), report("own")]);
      expect(comparable(withShared)).toEqual(comparable(without));
      for (const s of STACKS) {
        const a = withShared.stacks.find((r) => r.id === id(s.name));
        const b = without.stacks.find((r) => r.id === id(s.name));
        expect(a?.status).toBe("clean");
        expect(a?.requests).toBeGreaterThan(0);
        expect(a?.requests).toBe(b?.requests);
      }
      expect(await attached(path.join(project.dir.path, "own"), "a")).toEqual({
        port: undefined,
        requests: undefined,
      });
    },
    limitFor(3 * STACKS.length),
  );

  it(
    "fails a stack with a second voice provider, saying why, and serves the next stack in the lane",
    async () => {
      const all = [...STACKS, DUAL];
      const shared = await run([
        "preview",
        ...selecting(all),
        "--parallel",
        "1",
        "--shared-plugin",
        "--logs",
        "dual",
      ]);
      expect(shared.code).toBe(1);
      const rows = new Map((await report("dual")).stacks.map((r) => [r.id, r]));
      expect(rows.get(id(DUAL.name))?.status).toBe("failed");
      expect(rows.get(id(DUAL.name))?.cause).toMatch(/shared between stacks.*second one/);
      // The lane's order: a, dual, g; g ran after the refusal, on the same plugin.
      expect(rows.get(id("g"))?.status).toBe("clean");
      const logs = path.join(project.dir.path, "dual");
      expect((await attached(logs, "g")).port).toBe((await attached(logs, DUAL.name)).port);
      // With a plugin of its own, the same stack previews.
      const own = await run(["preview", ...selecting([DUAL]), "--logs", "dual-own"]);
      expect(own.code, own.stderr).toBe(7);
    },
    limitFor(4),
  );
});
