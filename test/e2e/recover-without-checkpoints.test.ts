// `pulumi up` of ~300 resources — numbers as BridgeNumbers sets on half the bridges, as BridgeNumber
// links on the other half — with PULUMI_SKIP_CHECKPOINTS=true (state written once, at the end),
// SIGKILLed early, mid-way and late (after most of its writes), each followed by the recovery
// docs/failures-and-recover.md gives: `recover --cancel` (rebuilding from the program, since the run
// left no record) and `up --refresh`, itself the next killed run. Then the finished stack loses its
// state file and is rebuilt the same way. Counted after each recover: every record on the platform
// is in state, once. One stack and engine setup serve all the cases, which run in sequence.
import { execFile } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { type EstateSpec, estate, inventorySeed } from "../../bench/estate";
import { census, secretOccurrences } from "../fixtures/census";
import { engineEnv, repoRoot } from "../fixtures/engine";
import { upKilledAfter as killUpAfter } from "../fixtures/killed-up";
import { OP_TIMEOUT_MS, plainExport, SECRETS, useVoiceStack } from "../fixtures/voice-stack";

const exec = promisify(execFile);
const ctx = useVoiceStack();
/** Platform records: 2 configurations, 24 bridges, 48 trunks, 406 numbers; 289 resources. */
const N = 480;

/** The estate of N with the numbers of every other bridge declared as one set. */
function mixedEstate(): EstateSpec & { sets: NonNullable<EstateSpec["sets"]> } {
  const all = estate(N, "voice");
  const inSet = (bridge: string) => all.bridges.findIndex((b) => b.name === bridge) % 2 === 0;
  const sets = all.bridges
    .filter((b) => inSet(b.name))
    .map((b) => ({
      name: `${b.name}-numbers`,
      bridge: b.name,
      numbers: all.numbers
        .filter((x) => x.bridge === b.name)
        .map(({ configuration, phoneNumber }) => ({ configuration, phoneNumber })),
    }));
  return { ...all, numbers: all.numbers.filter((x) => !inSet(x.bridge)), sets };
}

/** The engine's environment with checkpoints off, as a CI job that turned them off for speed runs every command. */
async function skipEnv(): Promise<NodeJS.ProcessEnv> {
  return { ...process.env, ...(await engineEnv()), PULUMI_SKIP_CHECKPOINTS: "true" };
}

async function cli(command: string, args: string[]): Promise<string> {
  const { stdout } = await exec(command, args, {
    cwd: ctx.voice.dir.path,
    env: await skipEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

/** Runs a step and logs its duration (a figure for the docs, never asserted). */
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await step();
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** `recover --cancel`, timed; PULUMI_SKIP_CHECKPOINTS in its environment turns on the rebuild from the program. */
async function recover(): Promise<string> {
  const started = performance.now();
  const out = await cli("node", [
    path.join(repoRoot, "dist", "cli", "main.js"),
    "recover",
    "--cancel",
    "--stack",
    "e2e",
  ]);
  const rounds = out.split("\n").filter((l) => l.startsWith("round "));
  console.log(`recover: ${((performance.now() - started) / 1000).toFixed(1)} s\n${rounds.join("\n")}`);
  return out;
}

/** Starts `pulumi up` with checkpoints off and kills it and its plugins once the platform has seen `posts` writes. */
async function upKilledAfter(posts: number, refresh: boolean): Promise<void> {
  await killUpAfter(ctx.emu, posts, {
    cwd: ctx.voice.dir.path,
    env: await skipEnv(),
    args: refresh ? ["--refresh"] : [],
  });
}

/** The stack's state files in the test's file backend. */
async function stateFiles(): Promise<string[]> {
  const backend = fileURLToPath((await engineEnv()).PULUMI_BACKEND_URL ?? "");
  const dir = path.join(backend, ".pulumi", "stacks", "voice-e2e");
  return (await readdir(dir)).filter((f) => f.startsWith("e2e.json")).map((f) => path.join(dir, f));
}

/** Every platform record in state once, nothing in state the platform lacks, no interrupted operation. */
async function expectConsistent(total?: number): Promise<void> {
  const c = await census(ctx.emu, ctx.voice.stack);
  const onPlatform = total ?? c.onPlatform;
  expect(c).toEqual({ inState: onPlatform, onPlatform, orphans: [], lost: [], duplicates: [], pending: 0 });
}

/** Both configurations' auth tokens in state, encrypted: in neither the export nor the state file in plaintext. */
async function expectSecretsEncrypted(): Promise<void> {
  const exported = await plainExport(ctx.voice.stack);
  expect(secretOccurrences(exported, [SECRETS.authToken])).toBe(0);
  const files = await Promise.all((await stateFiles()).map((f) => readFile(f, "utf8")));
  expect(secretOccurrences(files.join("\n"), [SECRETS.authToken])).toBe(0);
  const { deployment } = JSON.parse(exported) as {
    deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] };
  };
  const configurations = deployment.resources.filter((r) => r.type.endsWith("voice:ProviderConfiguration"));
  expect(configurations).toHaveLength(2);
  for (const r of configurations) expect(r.inputs?.authToken).toHaveProperty("ciphertext");
}

describe(`an up of ~300 resources without checkpoints, sets and links, recovers from the program`, () => {
  it(
    "killed early, mid-way and late, recovered after each; then its state file deleted and rebuilt",
    async () => {
      const spec = mixedEstate();
      const resources =
        spec.configurations.length +
        spec.bridges.length +
        spec.trunks.length +
        spec.sets.length +
        spec.numbers.length;
      console.log(
        `${resources} resources (${spec.sets.length} sets, ${spec.numbers.length} links), ${N} platform records`,
      );
      // The file's own emulator and stack start empty: nothing to destroy first.
      await ctx.emu.admin.seed(inventorySeed(N));
      await ctx.voice.declare(spec);
      // Every answer waits 20 ms after its write committed, so each kill finds writes in flight.
      await ctx.emu.admin.addFault({ kind: "latency", ms: 20, times: 0 });

      // Writes of each run before its kill: 40 of ~480 (early), 200 of the ~440 left (mid), and all but
      // ~20 of the rest (late).
      for (const [i, [when, posts]] of (
        [
          ["early", 40],
          ["mid", 200],
          ["late", 220],
        ] as const
      ).entries()) {
        await timed(`up killed ${when}`, () => upKilledAfter(posts, i > 0));
        const killed = await census(ctx.emu, ctx.voice.stack);
        console.log(
          `killed ${when} after ${posts} writes: ${killed.onPlatform} on the platform, ${killed.inState} in state`,
        );
        // Without checkpoints the killed run recorded nothing of what it made.
        expect(killed.orphans.length).toBeGreaterThan(0);
        const out = await recover();
        expect(out).toMatch(/found and recorded/);
        expect(out).not.toMatch(/found but different, not recorded/);
        await expectConsistent();
      }
      // The configurations' auth tokens are recorded as secrets: encrypted, never in plaintext.
      await expectSecretsEncrypted();

      await ctx.emu.admin.clearFaults();
      await timed("up --refresh", () =>
        cli("pulumi", ["up", "--refresh", "--yes", "--skip-preview", "--stack", "e2e"]),
      );
      await expectConsistent(N);
      await timed("preview --expect-no-changes", () => ctx.voice.stack.preview({ expectNoChanges: true }));

      // The state file is lost after a finished run: the backend no longer knows the stack, and the
      // same recovery rebuilds all of it from the program, sets included.
      for (const file of await stateFiles()) await rm(file);
      await expect(cli("pulumi", ["stack", "export", "--stack", "e2e"])).rejects.toThrow(/no stack named/);
      await ctx.emu.admin.clearRequests();
      const out = await recover();
      expect(out).toMatch(/started stack e2e again/);
      expect(out).not.toMatch(/found but different, not recorded/);
      await expectConsistent(N);
      await timed("up --refresh after the lost state", () =>
        cli("pulumi", ["up", "--refresh", "--yes", "--skip-preview", "--stack", "e2e"]),
      );
      // Neither the recovery nor the up after it wrote anything: all of it was found.
      expect((await ctx.emu.admin.requests()).filter((r) => r.method !== "GET")).toEqual([]);
      await expectConsistent(N);
      await timed("preview --expect-no-changes", () => ctx.voice.stack.preview({ expectNoChanges: true }));
      await expectSecretsEncrypted();
    },
    OP_TIMEOUT_MS * 6,
  );
});
