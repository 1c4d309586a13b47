// Names the platform holds, however hostile (`$$`, `${`, quotes, controls, DEL, NEL, line separators,
// astral characters), survive the export in both languages: `export` → `pulumi up` (adopting) →
// `pulumi preview --expect-no-changes` through the real engine, the YAML program through the real
// Pulumi YAML host. Adoption compares every field before it takes a record over, so an exported name
// that differs from the platform's fails the `up`; the platform must see no write and end unchanged.
import { execFile } from "node:child_process";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeTempDir,
  pulumiCommand,
  repoRoot,
  skipTypeCheck,
  type TempDir,
} from "../../fixtures/engine";
import { printedSecrets, secretConfig } from "../../fixtures/export-steps";
import { hostileOrg } from "../../fixtures/hostile-org";
import { buildOrganization, numberResources, type OrgSpec, telephonyOf } from "../../fixtures/telephony-org";
import { childEnv } from "../../fixtures/user-project";
import { OP_TIMEOUT_MS } from "../../fixtures/voice-stack";

const run = promisify(execFile);
/** Engine runs are the cost: a few organizations of many hostile records each (a TypeScript run compiles twice). */
const RUNS = { yaml: 3, typescript: 2 } as const;

describe("export of hostile names, through the engine", {
  timeout: OP_TIMEOUT_MS * 2 * RUNS.yaml,
}, () => {
  let tmp: TempDir;
  let emu: TestEmulator;
  let organizations = 0;

  beforeAll(async () => {
    tmp = await makeTempDir("pulumi-voice-export-hostile-");
    emu = await startTestEmulator();
    await engineEnv();
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    await tmp?.remove();
  }, OP_TIMEOUT_MS);

  /** Seeds `spec`, exports it in `language`, takes it over and previews; answers the resources taken over. */
  async function roundTrip(spec: OrgSpec, language: "typescript" | "yaml"): Promise<number> {
    const token = await buildOrganization(emu.apiUrl, emu.admin, spec);
    const before = telephonyOf(await emu.admin.state(), spec.handle);
    const out = path.join(tmp.path, spec.handle);
    const exported = await run(
      process.execPath,
      [
        path.join(repoRoot, "dist", "cli", "main.js"),
        "export",
        ...["--out", out, "--base-url", emu.url, "--org-handle", spec.handle, "--language", language],
        ...(language === "yaml" ? ["--plugin-path", path.join(repoRoot, "bin")] : []),
      ],
      { env: { ...childEnv(), VOICE_TOKEN: token }, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(exported.stderr).not.toContain("left out");
    if (language === "typescript")
      await symlink(path.join(repoRoot, "node_modules"), path.join(out, "node_modules"), "dir");
    const { stackName, keys } = printedSecrets(exported.stdout);
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName, workDir: out },
      { envVars: await engineEnv(), pulumiCommand: await pulumiCommand() },
    );
    try {
      await stack.setAllConfig(secretConfig(keys, token));
      await emu.admin.clearRequests();
      let log = "";
      const up = await stack.up({ onOutput: (l) => (log += l) }).catch((e: unknown) => {
        throw new Error(`${String(e)}\n${log}`);
      });
      const resources =
        spec.accounts.length + spec.bridges.length + numberResources(spec, "sets") + spec.trunks.length;
      expect(up.summary.resourceChanges).toEqual({ create: resources + 1 });
      // The up type-checked a TypeScript program; the preview runs the same code.
      skipTypeCheck(stack.workspace);
      const preview = await stack.preview({ expectNoChanges: true });
      expect(preview.changeSummary).toEqual({ same: resources + 1 });
      const requests = (await emu.admin.requests()).filter((r) => r.orgHandle === spec.handle);
      expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
      expect(telephonyOf(await emu.admin.state(), spec.handle)).toEqual(before);
      return resources;
    } finally {
      await stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
    }
  }

  for (const language of ["yaml", "typescript"] as const)
    it(`${language}: organizations of hostile names round-trip with no write and a clean preview (fast-check, ${RUNS[language]} organizations)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constant(null).chain(() => {
            const n = organizations++;
            return hostileOrg(`hostile${n}${language}`, 2_000_000 + n * 10);
          }),
          async (spec) => {
            const started = Date.now();
            const resources = await roundTrip(spec, language);
            console.log(
              `${language} export of ${spec.handle}: ${resources} resources round-tripped in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            );
          },
        ),
        { numRuns: RUNS[language], endOnFailure: true },
      );
    });
});
