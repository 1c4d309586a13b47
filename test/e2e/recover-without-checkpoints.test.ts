// `pulumi up` of 300 resources with PULUMI_SKIP_CHECKPOINTS=true (state written once, at the end)
// killed with SIGKILL three times, each followed by the recovery docs/failures-and-recover.md gives:
// `recover --cancel` (rebuilding from the program, since the run left no record) and `up --refresh`,
// itself the next killed run. The last kill also loses the state file, rebuilt the same way. Counted
// after each recover: every record on the platform is in state, once. One stack and engine setup
// serve all the cases, which run in sequence.
import { execFile } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { estate, inventorySeed } from "../../bench/estate";
import { census, secretOccurrences } from "../fixtures/census";
import { engineEnv, repoRoot } from "../fixtures/engine";
import { upKilledAfter as killUpAfter } from "../fixtures/killed-up";
import { OP_TIMEOUT_MS, plainExport, SECRETS, useVoiceStack } from "../fixtures/voice-stack";

const exec = promisify(execFile);
const ctx = useVoiceStack();
const N = 300;

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

describe(`an up of ${N} resources without checkpoints recovers from the program`, () => {
  it(
    "killed three times, recovered after each (the last with its state file deleted)",
    async () => {
      // The file's own emulator and stack start empty: nothing to destroy first.
      await ctx.emu.admin.seed(inventorySeed(N));
      await ctx.voice.declare(estate(N, "voice"));
      // Every answer waits 20 ms after its write committed, so each kill finds writes in flight.
      await ctx.emu.admin.addFault({ kind: "latency", ms: 20, times: 0 });

      for (const [i, posts] of [30, 120, 90].entries()) {
        await timed(`killed up ${i + 1}`, () => upKilledAfter(posts, i > 0));
        const killed = await census(ctx.emu, ctx.voice.stack);
        console.log(
          `kill ${i + 1} after ${posts} writes: ${killed.onPlatform} on the platform, ${killed.inState} in state`,
        );
        // Without checkpoints the killed run recorded nothing of what it made.
        expect(killed.orphans.length).toBeGreaterThan(0);
        if (i === 2) {
          // The last kill also loses the state file: the backend no longer knows the stack, and the
          // same recovery rebuilds all of it from the program.
          for (const file of await stateFiles()) await rm(file);
          await expect(cli("pulumi", ["stack", "export", "--stack", "e2e"])).rejects.toThrow(
            /no stack named/,
          );
        }
        const out = await recover();
        expect(out).toMatch(/found and recorded/);
        expect(out).not.toMatch(/found but different, not recorded/);
        if (i === 2) expect(out).toMatch(/started stack e2e again/);
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
      await expectSecretsEncrypted();
    },
    OP_TIMEOUT_MS * 4,
  );
});
