// `pulumi up` of 40 resources killed (SIGKILL of the engine and its plugins, as a cancelled CI job)
// at three points (the writes after the kill point held at the emulator, so creates are in flight and
// the run cannot finish first), then the recovery docs/failures-and-recover.md gives:
// `pulumi-voice-platform recover --cancel` and `pulumi up --refresh`. Counted after: the stack records
// exactly what the platform holds, and the recovered stack destroys cleanly.

import { execFile } from "node:child_process";
import { stat, truncate } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { estate, inventorySeed } from "../../../estate/estate";
import { census } from "../../fixtures/census";
import { engineEnv, repoRoot } from "../../fixtures/engine";
import { upKilledAfter as killUpAfter } from "../../fixtures/killed-up";
import { limitFor } from "../../fixtures/limits";
import { upOnly } from "../../fixtures/stack-up";
import { startFresh, useVoiceStack } from "../../fixtures/voice-stack";

const exec = promisify(execFile);
const ctx = useVoiceStack();
/** 2 configurations, 2 bridges, 4 trunks, 32 links. */
const N = 40;

async function cli(command: string, args: string[]): Promise<string> {
  const { stdout } = await exec(command, args, {
    cwd: ctx.voice.dir.path,
    env: { ...process.env, ...(await engineEnv()) },
  });
  return stdout;
}

/** Starts `pulumi up` and kills it and its plugins once the platform has answered `posts` creates. */
async function upKilledAfter(posts: number): Promise<void> {
  await killUpAfter(ctx.emu, posts, {
    cwd: ctx.voice.dir.path,
    env: { ...process.env, ...(await engineEnv()) },
  });
}

/** The checkpoint's attributes file in the test's file backend. */
async function attrsFile(): Promise<string> {
  const backend = fileURLToPath((await engineEnv()).PULUMI_BACKEND_URL ?? "");
  return path.join(backend, ".pulumi", "stacks", "voice-e2e", "e2e.json.attrs");
}

describe(`an interrupted up of ${N} resources recovers without a program edit`, () => {
  beforeEach(() => startFresh(ctx), limitFor(0));

  // Early, mid-way, and late (all but 3 creates answered); the mid-way kill also loses the checkpoint's
  // attributes, and that most damaged stack is destroyed after its recovery.
  it.each([
    { posts: 3, emptyAttrs: false },
    { posts: 20, emptyAttrs: true },
    { posts: N - 3, emptyAttrs: false },
  ])(
    "killed after $posts creates (empty checkpoint attributes: $emptyAttrs)",
    async ({ posts, emptyAttrs }) => {
      await ctx.emu.admin.seed(inventorySeed(N));
      await ctx.voice.declare(estate(N, "voice"));
      await upKilledAfter(posts);
      // The kill itself may leave the checkpoint unreadable (an empty attributes file): count what can be.
      const interrupted = await census(ctx.emu, ctx.voice.stack).then(
        (c) => ({ ...c, orphans: c.orphans.length }),
        (e: unknown) =>
          `checkpoint unreadable: ${String(e)
            .split("\n")
            .find((l) => l.startsWith("error:"))}`,
      );
      console.log(`killed after ${posts} creates:`, JSON.stringify(interrupted));

      if (emptyAttrs) {
        // What 2 of 5 kills left on this machine: the engine then cannot load the checkpoint at all.
        await truncate(await attrsFile(), 0).catch(() => undefined);
        await expect(cli("pulumi", ["stack", "export", "--stack", "e2e"])).rejects.toThrow(
          /failed to load checkpoint/,
        );
      }
      const recovered = await cli("node", [
        "--enable-source-maps",
        path.join(repoRoot, "dist", "cli", "main.js"),
        "recover",
        "--cancel",
        "--stack",
        "e2e",
      ]);
      console.log(recovered);
      if (emptyAttrs) expect(recovered).toMatch(/removed an empty checkpoint attributes file/);
      expect((await stat(await attrsFile()).catch(() => undefined))?.size ?? 1).not.toBe(0);

      await upOnly(ctx.voice.stack, { refresh: true });
      expect(await census(ctx.emu, ctx.voice.stack)).toEqual({
        inState: N,
        onPlatform: N,
        orphans: [],
        lost: [],
        duplicates: [],
        pending: 0,
      });
      await ctx.voice.stack.preview({ expectNoChanges: true });
      if (!emptyAttrs) return;
      await ctx.voice.stack.destroy();
      expect((await census(ctx.emu, ctx.voice.stack)).onPlatform).toBe(0);
    },
    // A killed up, recover, up --refresh, preview, and the destroy of one case.
    limitFor(5),
  );
});
