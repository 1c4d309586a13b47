// The adopting `up` of an exported organization: `pulumi-voice-platform export` against the emulator
// holding the estate, into a fresh project and stack, then `up` of that project, which must take
// every record over with no platform write.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { makeTempDir, repoRoot } from "../../scripts/tools/engine";
import { type BenchStack, benchStack, type Operation, type OpMeasure, type Target } from "../harness/stack";
import { round, timed } from "../harness/stats";

const run = promisify(execFile);

/** How the exported program declares the estate: TypeScript on the dynamic resources, or YAML on the native plugin. */
export type ExportLanguage = "typescript" | "yaml";

export interface AdoptRun {
  language: ExportLanguage;
  perLink: boolean;
  /** The export command's wall time and the requests it made (all reads). */
  exportMs: number;
  exportRequests: number;
  /** The exported stack's `up`: it adopts everything. */
  up: OpMeasure;
  /** Requests of that `up` other than GET: 0 is the target (asserted). */
  writes: number;
}

const CLI = path.join(repoRoot, "dist", "cli", "main.js");

/** The stack the export configured and the secret keys its printed `pulumi config set --secret` lines name. */
function printedSecrets(stdout: string): { stackName: string; keys: string[] } {
  const lines = stdout.split("\n").filter((l) => l.startsWith("pulumi config set --secret"));
  return {
    stackName: /--stack (\S+)/.exec(lines[0] ?? "")?.[1] ?? "",
    keys: lines.map((l) => /--stack \S+ (\S+)/.exec(l)?.[1] ?? ""),
  };
}

/** Exports the organization of `target` and `up`s the result; throws when that `up` wrote to the platform. */
export async function adoptExported(
  target: Target,
  opts: {
    language: ExportLanguage;
    perLink: boolean;
    parallel: number;
    env: Record<string, string>;
    /** Runs one measured operation (default: `stack.run(op, { rss: true })`), e.g. with the memory probe. */
    runOp?: (stack: BenchStack, op: Operation) => Promise<OpMeasure>;
  },
): Promise<AdoptRun> {
  const tmp = await makeTempDir("pulumi-voice-bench-export-");
  const out = path.join(tmp.path, "exported");
  await target.admin.clearRequests();
  const args = ["export", "--out", out, "--base-url", target.url, "--org-handle", target.orgHandle];
  if (opts.language === "yaml") args.push("--language", "yaml", "--plugin-path", path.join(repoRoot, "bin"));
  if (opts.perLink) args.push("--per-link");
  const exported = await timed(() =>
    run(process.execPath, [CLI, ...args], {
      env: { ...process.env, VOICE_TOKEN: target.token },
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  const exportRequests = (await target.admin.requests()).length;
  const { stackName, keys } = printedSecrets(exported.result.stdout);
  if (!stackName)
    throw new Error(`export printed no stack:\n${exported.result.stdout}${exported.result.stderr}`);
  const config = Object.fromEntries(
    keys.map((k) => [k, { value: k === "voice:token" ? target.token : `bench-${k}`, secret: true }]),
  );
  const stack = await benchStack(target, stackName, opts.parallel, { dir: out, env: opts.env, config });
  try {
    const up = await (opts.runOp ? opts.runOp(stack, "up") : stack.run("up", { rss: true }));
    if (up.error || up.failedOperations > 0) throw new Error(`adopting up failed: ${up.error ?? ""}`);
    const writes = Object.entries(up.byRoute)
      .filter(([route]) => !route.startsWith("GET "))
      .reduce((sum, [, n]) => sum + n, 0);
    if (writes > 0) throw new Error(`the adopting up wrote to the platform: ${JSON.stringify(up.byRoute)}`);
    return {
      language: opts.language,
      perLink: opts.perLink,
      exportMs: round(exported.ms, 0),
      exportRequests,
      up,
      writes,
    };
  } finally {
    // The exported stack is forgotten, not destroyed: the bench's own stack destroys the estate.
    await stack.cleanup();
    await tmp.remove();
  }
}
