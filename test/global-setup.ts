// One scratch folder for the whole test run: every temporary stack, backend and program goes in it, and
// it is removed at the end, even when a worker was stopped before its own cleanup ran.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), "pulumi-voice-test-run-"));
  process.env.PULUMI_VOICE_TMPDIR = dir;
  // Every engine run starts Node.js processes (the program, the dynamic-provider host) that load
  // @pulumi/pulumi and often TypeScript: V8's compile cache, shared by all of them, spares recompiling it.
  process.env.NODE_COMPILE_CACHE = path.join(dir, "node-compile-cache");
  // A child process a test stopped may still be writing its compile cache as it exits: rm retries
  // a folder that is not empty yet instead of failing the run's close.
  return () => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
