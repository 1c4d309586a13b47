// Stack selection over several project folders as the engine lists them: two projects, their stacks
// made with `pulumi stack init` in one file backend, selected by `fleet list` through the compiled
// command line (no engine operation runs: listing is all selection needs).
import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeTempDir,
  repoRoot,
  type TempDir,
} from "../../fixtures/engine";
import { type FleetWhere, fleet } from "../../fixtures/fleet";

const run = promisify(execFile);

/** Each folder's project and the stacks made in it. */
const PROJECTS = {
  customers: { project: "customers", stacks: ["acme-prod", "globex-prod", "acme-staging"] },
  platform: { project: "platform", stacks: ["prod", "staging"] },
};

describe("fleet: stacks of several project folders in one backend", { timeout: 60_000 }, () => {
  let tmp: TempDir;
  let where: FleetWhere;
  const list = async (...args: string[]) => fleet(["list", ...args], where);
  const ids = (stdout: string) =>
    stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t")[0]);

  beforeAll(async () => {
    tmp = await makeTempDir("pulumi-voice-fleet-select-");
    const env: NodeJS.ProcessEnv = { ...process.env, ...(await engineEnv()) };
    const state = path.join(tmp.path, "state");
    await mkdir(state);
    env.PULUMI_BACKEND_URL = `file://${state}`;
    for (const [folder, { project, stacks }] of Object.entries(PROJECTS)) {
      const dir = path.join(tmp.path, folder);
      await mkdir(dir);
      await writeFile(path.join(dir, "Pulumi.yaml"), `name: ${project}\nruntime: yaml\n`);
      for (const stack of stacks)
        await run("pulumi", ["stack", "init", stack, "--non-interactive"], { cwd: dir, env });
    }
    where = { cli: path.join(repoRoot, "dist", "cli", "main.js"), cwd: tmp.path, env };
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(() => tmp?.remove());

  it("takes every stack of each folder, in the order the folders were given, each by its project", async () => {
    const { code, stdout, stderr } = await list("--project", "platform", "--project", "customers");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(ids(stdout)).toEqual([
      "platform/prod",
      "platform/staging",
      "customers/acme-prod",
      "customers/acme-staging",
      "customers/globex-prod",
    ]);
    expect(stdout).toContain(`customers/acme-prod\tcustomers`);
  });

  it("keeps the stacks a glob matches in every folder, and stops when it matches none", async () => {
    const prod = await list("--project", "customers", "--project", "platform", "--stack", "*prod");
    expect(ids(prod.stdout)).toEqual(["customers/acme-prod", "customers/globex-prod", "platform/prod"]);
    const none = await list("--project", "customers", "--project", "platform", "--stack", "dev-*");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      "--stack dev-*: matches no stack of customers, platform (their stacks: acme-prod, acme-staging, globex-prod, prod, staging)",
    );
    expect(none.stdout).toBe("");
  });

  it("lists the same folders from a fleet file beside them", async () => {
    await writeFile(
      path.join(tmp.path, "fleet.yaml"),
      "projects:\n  - folder: customers\n    stacks: ['acme-*']\n  - folder: platform\n",
    );
    const { code, stdout } = await list("--fleet", "fleet.yaml");
    expect(code).toBe(0);
    expect(ids(stdout)).toEqual([
      "customers/acme-prod",
      "customers/acme-staging",
      "platform/prod",
      "platform/staging",
    ]);
  });
});
