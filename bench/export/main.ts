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
import { engineEnv, makeTempDir, pulumiCommand, repoRoot } from "../../scripts/tools/engine";
import { VoiceClient } from "../../sdk";
import { BENCH_RATE_LIMIT } from "../harness/seeded-emulator";
import { runStandaloneMode } from "../harness/standalone-mode";
import { progress, timed } from "../harness/stats";
import { renderExport } from "./report";
import type { ExportResult, ExportStep } from "./result";

const run = promisify(execFile);
const HANDLE = "large";

/** Makes the organization through the SDK, as a team clicks it together; answers its token. */
async function buildOrganization(
  apiUrl: string,
  admin: AdminClient,
  numbers: readonly string[],
  bridges: number,
) {
  const token = `token-${HANDLE}`;
  await admin.seed({
    organizations: [{ domain_handle: HANDLE, name: "Large" }],
    tokens: [{ token, organizations: [HANDLE] }],
    providerAccounts: [
      { organization: HANDLE, provider: "twilio", account_sid: "AC-LARGE", numbers: [...numbers] },
    ],
  });
  const client = new VoiceClient({ baseUrl: apiUrl, token, orgHandle: HANDLE, maxConcurrency: 16 });
  const configuration = await client.providerConfigurations.create({
    provider: "twilio",
    account_sid: "AC-LARGE",
    auth_token: "t",
  });
  const slugs = Array.from({ length: bridges }, (_, i) => `line-${i}`);
  await Promise.all(slugs.map((slug, i) => client.bridges.create({ name: `Line ${i}`, slug })));
  await Promise.all(
    numbers.map((phone, i) =>
      client.bridges.connectProvider(slugs[i % bridges] ?? "", {
        provider_config_id: configuration.id,
        phone_number: phone,
      }),
    ),
  );
  await client.trunks.create({
    name: "edge",
    sip_url: "sip.large.example",
    transport: "tls",
    port: "5061",
    source_ips: [],
  });
  return token;
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
    const token = await buildOrganization(`${emulator.url}/api/v2/platform`, admin, numbers, bridges);
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
    // The stack and secret keys the export's printed `pulumi config set --secret` lines name.
    const secretLines = exported.stdout.split("\n").filter((l) => l.startsWith("pulumi config set --secret"));
    const stackName = /--stack (\S+)/.exec(secretLines[0] ?? "")?.[1] ?? "";
    const keys = secretLines.map((l) => /--stack \S+ (\S+)/.exec(l)?.[1] ?? "");
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName, workDir: out },
      { envVars: await engineEnv(), pulumiCommand: await pulumiCommand() },
    );
    await stack.setAllConfig(
      Object.fromEntries(
        keys.map((k) => [k, { value: k === "voice:token" ? token : `exported-${k}`, secret: true }]),
      ),
    );
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
