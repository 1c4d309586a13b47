// The fleet's shared plugin (its default on the native provider) through the real engine: two
// organizations' stacks, and a stack declaring two voice providers (the default one for acme, an
// explicit one for globex), in one lane whose engines attach to the lane's one plugin
// (PULUMI_DEBUG_PROVIDERS) one after the other. Each provider of each stack is served its own
// organization, and each stack's requests reach its own row, as with a plugin per stack.
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
/** Two organizations' stacks, and one with a second voice provider (an explicit one, for globex). */
const DUAL = { name: "dual", org: "acme", config: { secondOrg: "globex" } };
const ALL = [{ name: "a", org: "acme" }, DUAL, { name: "g", org: "globex" }];
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

describe("fleet on the native provider: one plugin per lane by default", () => {
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
    project = await fleetProject(ALL, {
      baseUrl: emu.url,
      token: TOKEN,
      backend: `file://${backend.path}`,
      native: true,
    });
    cli = buildCli();
  }, ENGINE_BUILD_TIMEOUT_MS + limitFor(ALL.length));
  afterAll(async () => {
    await project?.remove();
    await backend?.remove();
    await emu?.close();
  });

  it(
    "creates each provider's bridge in its own organization from one plugin, then previews no change, request for request as with a plugin per stack",
    async () => {
      const up = await run(["up", ...selecting(ALL), "--parallel", "1", "--logs", "up"]);
      expect(up.code, up.stderr).toBe(0);
      const upLogs = path.join(project.dir.path, "up");
      const lane = await Promise.all(ALL.map((s) => attached(upLogs, s.name)));
      expect(lane[0]?.port).toMatch(/^\d+$/);
      // The engine used the lane's plugin, not one of its own: the plugin's requests were the lane's.
      for (const stack of lane) {
        expect(stack.port).toBe(lane[0]?.port);
        expect(stack.requests).toBeGreaterThan(0);
      }
      // Each organization holds its stacks' bridges and nothing of the other's: the dual stack's
      // explicit provider created its bridge in globex while its default provider served acme.
      const slugsOf = async (org: string) =>
        (await new VoiceClient({ baseUrl: emu.url, token: TOKEN, orgHandle: org }).bridges.list()).data
          .map((b) => b.slug)
          .filter((slug) => slug.startsWith("fleet-"))
          .sort();
      expect(await slugsOf("acme")).toEqual(["fleet-a", "fleet-dual"]);
      expect(await slugsOf("globex")).toEqual(["fleet-g", "fleet-second-dual"]);

      const shared = await run(["preview", ...selecting(ALL), "--parallel", "1", "--logs", "shared"]);
      expect(shared.code, shared.stderr).toBe(0);
      const own = await run([
        "preview",
        ...selecting(ALL),
        "--parallel",
        "1",
        "--plugin-per-stack",
        "--logs",
        "own",
      ]);
      expect(own.code, own.stderr).toBe(0);
      const [withShared, without] = await Promise.all([report("shared"), report("own")]);
      expect(comparable(withShared)).toEqual(comparable(without));
      for (const s of ALL) {
        const a = withShared.stacks.find((r) => r.id === id(s.name));
        const b = without.stacks.find((r) => r.id === id(s.name));
        expect(a?.status).toBe("clean");
        expect(a?.requests).toBeGreaterThan(0);
        expect(a?.requests).toBe(b?.requests);
      }
      expect((await attached(path.join(project.dir.path, "shared"), DUAL.name)).port).toMatch(/^\d+$/);
      expect(await attached(path.join(project.dir.path, "own"), DUAL.name)).toEqual({
        port: undefined,
        requests: undefined,
      });
    },
    limitFor(3 * ALL.length),
  );
});
