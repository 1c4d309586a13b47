// `npm run bench -- --export`: the export round trip at 1,000 linked numbers: an organization of one
// connected account of 1,000 numbers on 10 bridges and a trunk, `pulumi-voice-platform export` of it
// (TypeScript, sets), `pulumi up` taking it over and `pulumi preview --expect-no-changes`, each timed
// with its requests. The behaviour itself is proven on small and random organizations by
// test/e2e/export/round-trip.test.ts.
import { execFile } from "node:child_process";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { AdminClient, startEmulator } from "../../emulator";
import { printedSecrets, secretConfig } from "../../estate/export-steps";
import { buildOrganization, type OrgSpec } from "../../estate/organization";
import { engineEnv, makeTempDir, pulumiCommand, repoRoot } from "../../scripts/tools/engine";
import { BENCH_RATE_LIMIT } from "../harness/seeded-emulator";
import { runStandaloneMode } from "../harness/standalone-mode";
import { progress, timed } from "../harness/stats";
import { renderExport } from "./report";
import type { ExportResult, ExportStep } from "./result";

const run = promisify(execFile);
const HANDLE = "large";

/** The organization a team clicked together: one connected account whose numbers are all linked, spread over `bridges`, and a trunk. */
function largeOrganization(numbers: readonly string[], bridges: number): OrgSpec {
  const slugs = Array.from({ length: bridges }, (_, i) => `line-${i}`);
  return {
    handle: HANDLE,
    accounts: [{ provider: "twilio", accountSid: "AC-LARGE", numbers: [...numbers], authToken: "t" }],
    bridges: slugs.map((slug, i) => ({ name: `Line ${i}`, slug })),
    links: Object.fromEntries(numbers.map((phone, i) => [phone, slugs[i % bridges] ?? ""])),
    trunks: [{ name: "edge", sipUrl: "sip.large.example", transport: "tls", port: "5061", allowedIps: [] }],
  };
}

async function exportRoundTrip(count: number, bridges: number): Promise<ExportResult> {
  const emulator = await startEmulator({ port: 0, rateLimit: BENCH_RATE_LIMIT });
  const tmp = await makeTempDir("pulumi-voice-bench-export-");
  const admin = new AdminClient(emulator.url);
  const steps: ExportStep[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    await admin.clearRequests();
    const { ms, result } = await timed(work);
    const log = (await admin.requests()).filter((r) => r.orgHandle === HANDLE || r.orgHandle === null);
    steps.push({
      step: name,
      ms,
      requests: log.length,
      writes: log.filter((r) => r.method !== "GET").length,
    });
    progress(`export: ${name} in ${(ms / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    const numbers = Array.from({ length: count }, (_, i) => `+1646${String(5_000_000 + i)}`);
    const token = await buildOrganization(
      `${emulator.url}/api/v2/platform`,
      admin,
      largeOrganization(numbers, bridges),
    );
    const out = path.join(tmp.path, "exported");
    const exported = await step("export", () =>
      run(
        process.execPath,
        [
          path.join(repoRoot, "dist", "cli", "main.js"),
          "export",
          "--out",
          out,
          "--base-url",
          emulator.url,
          "--org-handle",
          HANDLE,
        ],
        { env: { ...process.env, VOICE_TOKEN: token }, maxBuffer: 64 * 1024 * 1024 },
      ),
    );
    // The packages the exported project's `npm install` would bring: this checkout's.
    await symlink(path.join(repoRoot, "node_modules"), path.join(out, "node_modules"), "dir");
    const { stackName, keys } = printedSecrets(exported.stdout);
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName, workDir: out },
      { envVars: await engineEnv(), pulumiCommand: await pulumiCommand() },
    );
    await stack.setAllConfig(secretConfig(keys, token));
    const up = await step("up (take-over)", () => stack.up());
    const preview = await step("preview --expect-no-changes", () => stack.preview({ expectNoChanges: true }));
    await stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
    return {
      numbers: count,
      bridges,
      changes: up.summary.resourceChanges ?? {},
      preview: preview.changeSummary,
      steps,
    };
  } finally {
    await emulator.close();
    await tmp.remove();
  }
}

/** `--export` (`--quick`: 100 numbers on 10 bridges, results not kept). */
export function runExportMode(quick: boolean): Promise<void> {
  return runStandaloneMode("export", quick, () => exportRoundTrip(quick ? 100 : 1_000, 10), renderExport);
}
