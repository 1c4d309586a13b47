// `pulumi up` killed part-way, as a cancelled CI job kills it: SIGKILL of the engine and its plugins
// once the platform has answered a given number of writes. The writes after those are held at the
// emulator (their records committed, their answers withheld), so the run cannot finish before the
// kill and the writes in flight at the kill are ones the engine never heard back from.
import { type ChildProcess, spawn } from "node:child_process";
import type { AdminClient } from "../../emulator";
import { killTree } from "./process-tree";

/** How to start the `pulumi up` that is killed: its project folder, environment, stack and extra arguments. */
export interface KilledUp {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stack: string;
  args?: readonly string[];
}

/**
 * Where a recovery run kills its `up`s: the writes answered before the kill, of the `left` its estate
 * still lacks. A few (early), half (mid), and all but 3 (late: the run has started all but a few).
 */
export const KILL_POINTS = [
  ["early", () => 3],
  ["mid", (left: number) => Math.floor(left / 2)],
  ["late", (left: number) => left - 3],
] as const;

/** Longer than any run waits: a held answer arrives only after the kill. */
const HOLD_MS = 600_000;

/** How often the emulator's request log is read while the `up` runs. */
const POLL_MS = 50;

/**
 * Starts `pulumi up` and SIGKILLs it and its plugins once the platform has answered `posts` POST
 * requests; every POST after those commits but is not answered. Answers whether the `up` finished
 * first (it needed no more than `posts` writes). Replaces the emulator's faults and clears them after.
 */
export async function upKilledAfter(admin: AdminClient, posts: number, up: KilledUp): Promise<boolean> {
  await admin.clearFaults();
  // The first matching latency fault with uses left applies: `posts` writes pass, the rest are held.
  await admin.addFault({ kind: "latency", ms: 0, times: posts, match: { method: "POST" } });
  await admin.addFault({ kind: "latency", ms: HOLD_MS, times: 0, match: { method: "POST" } });
  await admin.clearRequests();
  const child: ChildProcess = spawn(
    "pulumi",
    ["up", "--yes", "--skip-preview", "--stack", up.stack, ...(up.args ?? [])],
    { cwd: up.cwd, env: up.env, stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      const answered = (await admin.requests()).filter((r) => r.method === "POST" && r.status > 0).length;
      if (answered >= posts || child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return child.exitCode !== null;
  } finally {
    killTree(child.pid ?? 0);
    await exited;
    await admin.clearFaults();
  }
}
