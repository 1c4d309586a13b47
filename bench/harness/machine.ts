// The machine and the versions a benchmark run used, recorded beside its figures.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { pulumiCommand, repoRoot } from "../../scripts/tools/engine";
import { loadNow } from "./load-sampler";

const run = promisify(execFile);

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** Load average (1 min) when the run started: other work on the machine skews wall-clock figures. */
  loadAverageAtStart: number;
  versions: Record<string, string>;
}

function packageVersion(name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "node_modules", name, "package.json"), "utf8"));
    return String(pkg.version);
  } catch {
    return "unknown";
  }
}

export async function describeMachine(): Promise<Machine> {
  const cpus = os.cpus();
  let pulumi = "unknown";
  try {
    pulumi = (
      await run((await pulumiCommand()).command, ["version"], {
        env: { ...process.env, PULUMI_SKIP_UPDATE_CHECK: "true" },
      })
    ).stdout.trim();
  } catch {
    // reported as unknown
  }
  const own = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: loadNow(),
    versions: {
      "pulumi-voice-platform": String(own.version),
      "pulumi CLI": pulumi,
      "@pulumi/pulumi": packageVersion("@pulumi/pulumi"),
      undici: packageVersion("undici"),
      zod: packageVersion("zod"),
      fastify: packageVersion("fastify"),
    },
  };
}
