// `pulumi up` of ~40 resources — numbers as BridgeNumbers sets on half the bridges, as BridgeNumber
// links on the other half — with PULUMI_SKIP_CHECKPOINTS=true (state written once, at the end),
// SIGKILLed early, mid-way and late (all but a few of its writes answered; the writes after those held
// at the emulator, so no run finishes before its kill), each followed by the recovery
// docs/failures-and-recover.md gives: `recover --cancel` (rebuilding from the program, since the run
// left no record) and `up --refresh`, itself the next killed run. Then the finished stack loses its
// state file and is rebuilt the same way. Counted after each recover: every record on the platform
// is in state, once. The same recovery at ~300 resources, timed: `npm run bench -- --recovery`.
import { execFile } from "node:child_process";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { KILL_POINTS } from "../../../bench/recovery/killed-up";
import { mixedEstate, resourcesOf } from "../../../bench/recovery/mixed-estate";
import { inventorySeed } from "../../../estate/estate";
import { census, secretOccurrences } from "../../fixtures/census";
import { engineEnv, repoRoot } from "../../fixtures/engine";
import { upKilledAfter as killUpAfter } from "../../fixtures/killed-up";
import { limitFor } from "../../fixtures/limits";
import { plainExport, SECRETS, useVoiceStack } from "../../fixtures/voice-stack";

const exec = promisify(execFile);
const ctx = useVoiceStack();
/** Platform records: 2 configurations, 4 bridges, 7 trunks, 57 numbers; 43 resources (2 sets, 28 links). */
const N = 70;

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

/** `recover --cancel`; PULUMI_SKIP_CHECKPOINTS in its environment turns on the rebuild from the program. */
const recover = () =>
  cli("node", [path.join(repoRoot, "dist", "cli", "main.js"), "recover", "--cancel", "--stack", "e2e"]);

/** The stack's state files in the test's file backend. */
async function stateFiles(): Promise<string[]> {
  const backend = fileURLToPath((await engineEnv()).PULUMI_BACKEND_URL ?? "");
  const dir = path.join(backend, ".pulumi", "stacks", "voice-e2e");
  return (await readdir(dir)).filter((f) => f.startsWith("e2e.json")).map((f) => path.join(dir, f));
}

/**
 * Every platform record in state once, nothing in state the platform lacks, no interrupted operation;
 * a failure shows `recovered`, the output of the recovery before.
 */
async function expectConsistent(total?: number, recovered?: string): Promise<void> {
  const c = await census(ctx.emu, ctx.voice.stack);
  const onPlatform = total ?? c.onPlatform;
  expect(c, recovered).toEqual({
    inState: onPlatform,
    onPlatform,
    orphans: [],
    lost: [],
    duplicates: [],
    pending: 0,
  });
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

const spec = mixedEstate(N);

describe(`an up of ${resourcesOf(spec)} resources without checkpoints, sets and links, recovers from the program`, () => {
  it(
    "killed early, mid-way and late, recovered after each; then its state file deleted and rebuilt",
    async () => {
      // The file's own emulator and stack start empty: nothing to destroy first.
      await ctx.emu.admin.seed(inventorySeed(N));
      await ctx.voice.declare(spec);

      // Each run after the first is `up --refresh`.
      for (const [i, [when, answered]] of KILL_POINTS.entries()) {
        const left = N - (await census(ctx.emu, ctx.voice.stack)).onPlatform;
        const posts = answered(left);
        await killUpAfter(ctx.emu, posts, {
          cwd: ctx.voice.dir.path,
          env: await skipEnv(),
          args: i > 0 ? ["--refresh"] : [],
        });
        const killed = await census(ctx.emu, ctx.voice.stack);
        console.log(`killed ${when} after ${posts} of ${left} writes: ${JSON.stringify(killed)}`);
        // Without checkpoints the killed run recorded nothing of what it made.
        expect(killed.orphans.length).toBeGreaterThanOrEqual(posts);
        const out = await recover();
        expect(out).toMatch(/found and recorded/);
        expect(out).not.toMatch(/found but different, not recorded/);
        await expectConsistent(undefined, out);
      }
      // The configurations' auth tokens are recorded as secrets: encrypted, never in plaintext.
      await expectSecretsEncrypted();

      await cli("pulumi", ["up", "--refresh", "--yes", "--skip-preview", "--stack", "e2e"]);
      await expectConsistent(N);

      // The state file is lost after a finished run: the backend no longer knows the stack, and the
      // same recovery rebuilds all of it from the program, sets included.
      for (const file of await stateFiles()) await rm(file);
      await expect(cli("pulumi", ["stack", "export", "--stack", "e2e"])).rejects.toThrow(/no stack named/);
      await ctx.emu.admin.clearRequests();
      const out = await recover();
      expect(out).toMatch(/started stack e2e again/);
      expect(out).not.toMatch(/found but different, not recorded/);
      await expectConsistent(N, out);
      await cli("pulumi", ["up", "--refresh", "--yes", "--skip-preview", "--stack", "e2e"]);
      // Neither the recovery nor the up after it wrote anything: all of it was found.
      expect((await ctx.emu.admin.requests()).filter((r) => r.method !== "GET")).toEqual([]);
      await expectConsistent(N);
      await ctx.voice.stack.preview({ expectNoChanges: true });
      await expectSecretsEncrypted();
    },
    // 3 killed ups, 4 recovers, 2 ups, 1 preview.
    limitFor(10),
  );
});
