// The fleet benchmark's estate: one project (bench/fleet/program) with one stack per organization of the
// emulator's fleet, each declaring a configuration, BRIDGES bridges holding the organization's numbers
// as BridgeNumbers sets, and TRUNKS trunks; the stacks' state in a file backend in a temporary folder.
import { execFile } from "node:child_process";
import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { fleetOrganizations } from "../../emulator";
import { engineEnv, GO_BUILD_ENV, makeTempDir, repoRoot, type TempDir } from "../../scripts/tools/engine";

const run = promisify(execFile);

/** Bridges per organization; its numbers are shared among them evenly, one set a bridge. */
export const BRIDGES = 10;
/** SIP trunks per organization. */
export const TRUNKS = 2;

/** The benchmark's project folder, the stacks in it, and the environment the engine runs in. */
export interface FleetEstate {
  dir: TempDir;
  stacks: string[];
  env: NodeJS.ProcessEnv;
  /** Resources each stack declares (besides the stack itself and its provider). */
  resourcesPerStack: number;
}

/** What each stack declares and in which program: the estate, or the engine floor's smaller programs. */
export interface EstateShape {
  /** The program's folder under bench/fleet: `program` (JavaScript), `program-go`, `program-empty` (declares nothing). */
  program: string;
  /** The project's name, unique in the run's backend. */
  project: string;
  bridges: number;
  trunks: number;
  /** On the native provider, the plugin in bin/ (a JavaScript program requires `pulumi-voice-platform/native`). */
  native?: boolean;
}

/** The benchmark's estate: its program, 10 bridges and 2 trunks a stack. */
export const ESTATE: EstateShape = {
  program: "program",
  project: "voice-fleet-bench",
  bridges: BRIDGES,
  trunks: TRUNKS,
};

/** Writes the project and a stack per organization (`pulumi stack init`, eight at a time). */
export async function fleetEstate(
  options: {
    organizations: number;
    numbersPerOrganization: number;
    baseUrl: string;
    token: string;
  },
  shape: EstateShape = ESTATE,
): Promise<FleetEstate> {
  const dir = await makeTempDir("pulumi-voice-fleet-bench-");
  await cp(path.join(repoRoot, "bench", "fleet", shape.program), dir.path, { recursive: true });
  const go = shape.program === "program-go";
  const projectFile = path.join(dir.path, "Pulumi.yaml");
  const project = (await readFile(projectFile, "utf8")).replace(/^name: .*$/m, `name: ${shape.project}`);
  // On the native provider, the engine takes the plugin from the repository's bin/.
  const plugin = `plugins:\n  providers:\n    - name: voice\n      path: ${path.join(repoRoot, "bin")}\n`;
  await writeFile(projectFile, shape.native ? project + plugin : project);
  if (shape.native && !go) {
    const index = path.join(dir.path, "index.js");
    const program = await readFile(index, "utf8");
    await writeFile(
      index,
      program.replace('require("pulumi-voice-platform")', 'require("pulumi-voice-platform/native")'),
    );
  }
  await symlink(path.join(repoRoot, "node_modules"), path.join(dir.path, "node_modules"), "dir");
  await mkdir(path.join(dir.path, "specs"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(await (go ? engineEnv("go") : engineEnv())),
    ...(go ? GO_BUILD_ENV : {}),
    VOICE_TOKEN: options.token,
  };
  if (go) {
    // The module is examples/go's (the same SDK and Pulumi versions), its SDK path made absolute.
    const example = path.join(repoRoot, "examples", "go");
    const goMod = await readFile(path.join(example, "go.mod"), "utf8");
    await writeFile(
      path.join(dir.path, "go.mod"),
      goMod.replace("=> ../../sdks/go", `=> ${repoRoot}/sdks/go`),
    );
    await cp(path.join(example, "go.sum"), path.join(dir.path, "go.sum"));
    await run("go", ["build", "-o", "program", "."], { cwd: dir.path, env });
  }
  const orgs = fleetOrganizations(options);
  const perBridge = Math.ceil(options.numbersPerOrganization / Math.max(1, shape.bridges));
  for (const org of orgs) {
    const spec = {
      accountSid: org.accountSid,
      bridges: Array.from({ length: shape.bridges }, (_, b) => ({
        slug: `${org.handle}-line-${b + 1}`,
        name: `Line ${b + 1}`,
        numbers: org.numbers.slice(b * perBridge, (b + 1) * perBridge),
      })),
      trunks: Array.from({ length: shape.trunks }, (_, t) => `${org.handle}-trunk-${t + 1}`),
    };
    await writeFile(path.join(dir.path, "specs", `${org.handle}.json`), JSON.stringify(spec));
    await writeFile(
      path.join(dir.path, `Pulumi.${org.handle}.yaml`),
      `config:\n  voice:baseUrl: ${options.baseUrl}\n  voice:orgHandle: ${org.handle}\n`,
    );
  }
  const stacks = orgs.map((o) => o.handle);
  for (let k = 0; k < stacks.length; k += 8)
    await Promise.all(
      stacks
        .slice(k, k + 8)
        .map((stack) => run("pulumi", ["stack", "init", stack, "--non-interactive"], { cwd: dir.path, env })),
    );
  const resourcesPerStack = shape.program === "program-empty" ? 0 : 1 + 2 * shape.bridges + shape.trunks;
  return { dir, stacks, env, resourcesPerStack };
}
