// The examples a user copies, run as they are against the emulator: quickstart, staging-prod, ci. Their
// READMEs run no destroy, and destroy runs no program: test/e2e/resources/lifecycle.test.ts proves it.

import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  repoRoot,
  skipTypeCheck,
  type TempDir,
} from "../../fixtures/engine";
import { languageStack } from "../../fixtures/language-stack";
import { limitFor } from "../../fixtures/limits";
import { upOnly } from "../../fixtures/stack-up";
import { emulatorConfig, programDir } from "../../fixtures/voice-stack";

const run = promisify(execFile);
const example = (name: string) => path.join(repoRoot, "examples", name);
const SECRETS = {
  twilioAuthToken: { value: "example-twilio-token", secret: true },
  sipPassword: { value: "example-sip-pw", secret: true },
};

// Each test starts from the emulator's seed.
const emu = useEmulator();
const dirs: TempDir[] = [];
beforeAll(() => engineEnv(), ENGINE_BUILD_TIMEOUT_MS);
afterAll(async () => {
  for (const dir of dirs) await dir.remove();
});

/** A copy of example `name` and its stack `stackName`. */
async function exampleStack(name: string, stackName: string) {
  const dir = await programDir(example(name));
  dirs.push(dir);
  const { stack } = await languageStack(dir.path, { stackName });
  return { dir, stack };
}

/** One `run:` step of a workflow job; `onFailure` for an `if: failure()` step. */
interface WorkflowStep {
  run: string;
  onFailure: boolean;
}

/** The `run:` steps of each job of a workflow (one-line or `|` blocks), except `npm ci`. */
function workflowJobs(workflow: string): Record<string, WorkflowStep[]> {
  const jobs: Record<string, WorkflowStep[]> = {};
  const body = workflow.slice(workflow.indexOf("\njobs:\n"));
  for (const [, name, text] of body.matchAll(/^ {2}(\w+):\n((?:(?: {4}.*)?\n)*)/gm)) {
    const steps: WorkflowStep[] = [];
    for (const step of (text ?? "").split(/^ {6}- /m).slice(1)) {
      const onFailure = /^ {8}if: failure\(\)$/m.test(step);
      const block = /^ {8}run: \|\n((?: {10}.*\n?)+)/m.exec(step);
      const line = /^ {8}run: (?!\|)(.*)$/m.exec(step);
      const run = block ? block[1]!.replace(/^ {10}/gm, "") : line?.[1];
      if (run !== undefined && run !== "npm ci") steps.push({ run, onFailure });
    }
    jobs[name!] = steps;
  }
  return jobs;
}

/** The emulator's trunks as `organization:name:source IPs`, sorted. */
async function trunksOf(): Promise<string[]> {
  return (await emu.admin.state()).trunks
    .map((t) => `${t.organization}:${t.name}:${t.source_ips.join(",")}`)
    .sort();
}

/** Bridges of an organization with their linked numbers, per the emulator. */
async function bridgesOf(org: string): Promise<Record<string, string[]>> {
  const state = await emu.admin.state();
  return Object.fromEntries(
    state.bridges
      .filter((b) => b.organization === org)
      .map((b) => [
        b.slug,
        state.links
          .filter((l) => l.bridge_id === b.id)
          .map((l) => state.numbers.find((n) => n.id === l.number_id)?.number ?? "?")
          .sort(),
      ]),
  );
}

describe("examples", () => {
  it(
    "quickstart: up makes what it declares and exports the lookups; preview then shows no change",
    async () => {
      const { stack } = await exampleStack("quickstart", "dev");
      await stack.setAllConfig({ ...emulatorConfig(emu), ...SECRETS });
      const up = await stack.up();
      expect(await bridgesOf("acme")).toEqual({ "support-line": ["+14155550100", "+14155550101"] });
      const state = await emu.admin.state();
      expect(state.configurations).toMatchObject([
        { provider: "twilio", auth_token: "example-twilio-token" },
      ]);
      expect(state.trunks).toMatchObject([
        { name: "primary", transport: "tls", port: "5061", auth_password: "example-sip-pw" },
      ]);
      expect(up.outputs.spaceName?.value).toBe("Support");
      expect(up.outputs.publishedAgents?.value).toEqual(["support-agent", "sales-agent"]);
      expect(up.outputs.numberStates?.value).toEqual(["ASSIGNED", "ASSIGNED"]);
      // The up type-checked the example; the preview runs the same code.
      skipTypeCheck(stack.workspace);
      expect((await stack.preview()).changeSummary).toEqual({ same: 6 });
    },
    limitFor(2),
  );

  it(
    "staging-prod: the staging stack's config sends the program to its own organization",
    async () => {
      // The prod stack of the same program, into acme, is the ci test's: its `up` job runs it.
      const { stack } = await exampleStack("staging-prod", "staging");
      const { "voice:orgHandle": _org, ...connection } = emulatorConfig(emu);
      await stack.setAllConfig({ ...connection, ...SECRETS });
      await upOnly(stack);
      expect(await bridgesOf("globex")).toEqual({ "support-staging": ["+12125550100"] });
      expect(await bridgesOf("acme")).toEqual({});
      expect(await trunksOf()).toEqual(["globex:staging-trunk:198.51.100.10"]);
    },
    limitFor(1),
  );

  it(
    "ci: the workflow's preview, up and drift jobs work; the drift check fails on drift only and reports it",
    async () => {
      const workflow = await readFile(path.join(example("ci"), "telephony.yml"), "utf8");
      const jobs = workflowJobs(workflow);
      expect(Object.keys(jobs).sort()).toEqual(["drift", "preview", "up"]);

      const { dir, stack } = await exampleStack("staging-prod", "prod");
      await stack.setAllConfig(SECRETS); // the stack file and the encrypted secrets live in the repository
      // `npm ci` links the package's bin into node_modules/.bin; the linked repository has none: a shim.
      const bin = path.join(dir.path, ".bin");
      await mkdir(bin);
      await writeFile(
        path.join(bin, "pulumi-voice-platform"),
        `#!/bin/sh\nexec node ${JSON.stringify(path.join(repoRoot, "dist", "cli", "main.js"))} "$@"\n`,
        { mode: 0o755 },
      );
      const engine = await engineEnv();
      const summary = path.join(dir.path, "step-summary.md");
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...engine,
        PATH: `${bin}${path.delimiter}${engine.PATH}`,
        STACK: "prod",
        VOICE_TOKEN: emu.token,
        VOICE_BASE_URL: emu.url,
        VOICE_RETRY_BASE_DELAY_MS: "5",
        GITHUB_STEP_SUMMARY: summary,
      };
      /** Runs a job's steps the way Actions does: stop at the first failure, then only `if: failure()` steps. */
      const job = async (name: string) => {
        await writeFile(summary, "");
        let ok = true;
        let stdout = "";
        for (const step of jobs[name] ?? []) {
          if (step.onFailure === ok) continue;
          const result = await run("bash", ["-e", "-c", step.run], { cwd: dir.path, env }).then(
            (r) => ({ ok: true, out: r.stdout }),
            (e: { stdout: string; stderr: string }) => ({ ok: false, out: `${e.stdout}\n${e.stderr}` }),
          );
          stdout += result.out;
          if (!result.ok) ok = false;
        }
        return { ok, stdout, summary: await readFile(summary, "utf8") };
      };

      expect((await job("up")).ok).toBe(true);
      // The prod stack's config sends the same program as staging's to another organization.
      expect(await trunksOf()).toEqual(["acme:prod-trunk:203.0.113.10,203.0.113.11"]);
      // That up type-checked the example; the later jobs run the same code (or a one-line edit of it).
      env.PULUMI_NODEJS_TRANSPILE_ONLY = "true";
      expect(await bridgesOf("acme")).toEqual({ support: ["+14155550102", "+14155550103", "+14155550104"] });
      const preview = await job("preview");
      expect(preview, preview.stdout).toMatchObject({ ok: true });
      expect(preview.summary).toContain("No changes: the platform matches the code.");
      const clean = await job("drift");
      expect(clean, clean.stdout).toMatchObject({ ok: true, summary: "" });

      // Code merged but not applied yet is not drift: the drift check stays green.
      const program = path.join(dir.path, "index.ts");
      const code = await readFile(program, "utf8");
      await writeFile(program, code.replace('name: config.require("bridgeName")', 'name: "Support desk"'));
      const pending = await job("drift");
      expect(pending, pending.stdout).toMatchObject({ ok: true, summary: "" });
      await writeFile(program, code);

      await emu.admin.renameBridge("acme", "support", "Renamed in the dashboard");
      const drift = await job("drift");
      expect(drift.ok).toBe(false);
      expect(drift.stdout).toMatch(
        /voice:Bridge: \(update\)[\s\S]*::support\][\s\S]*"Support" => "Renamed in the dashboard"/,
      );
      expect(drift.summary).toContain("### Telephony drift");
      expect(drift.summary).toMatch(
        /\| voice:Bridge support \| `name` \| `Support` \| `Renamed in the dashboard` \| \*\*update\*\* \| platform \(drift\) \|/,
      );
      expect(drift.summary).not.toContain(SECRETS.sipPassword.value);
      // The up job's `--refresh` puts the name back: `up --refresh` undoing a rename is proven by
      // test/e2e/languages/python.test.ts and test/e2e/native/yaml.test.ts.
      expect(jobs.up?.map((step) => step.run).join("\n")).toMatch(/^pulumi up .*--refresh/m);
    },
    limitFor(9), // up 1, preview 3, drift 1 + 1 + 3
  );
});
