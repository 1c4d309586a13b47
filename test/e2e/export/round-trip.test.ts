// The export round trip, as a user runs it: `pulumi-voice-platform export` from a project that installed
// the packed package, `npm install` of the exported project, `pulumi up` taking the organization over,
// then `pulumi preview --expect-no-changes`; the platform must see reads only and end unchanged. On the
// seeded organization in both forms (sets, and --per-link), and on random ones (fast-check: sets in
// TypeScript, links in YAML through the real Pulumi YAML host), whose names may be hostile
// text (`$$`, `${`, quotes, controls, DEL, NEL, line separators, astral characters): adoption compares
// every field before it takes a record over, so an exported name that differs from the platform's fails
// the `up`. The round trip of 1,000 linked numbers, timed: `npm run bench -- --export`.
import { execFile } from "node:child_process";
import { mkdir, readFile, realpath, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printedSecrets, secretConfig } from "../../../estate/export-steps";
import { buildOrganization, type OrgSpec } from "../../../estate/organization";
import type { ExportForm } from "../../../provider/runtime/export-mapping";
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
import { withHostileText } from "../../fixtures/hostile-org";
import { INSTALL_MS, limitFor } from "../../fixtures/limits";
import { arbitraryOrg, numberResources, seededOrganization, telephonyOf } from "../../fixtures/telephony-org";
import { childEnv } from "../../fixtures/user-project";

const run = promisify(execFile);

/** The languages an export writes its program in. */
type Language = "typescript" | "yaml";

/** What one round trip measured. */
interface RoundTrip {
  resources: number;
  exportMs: number;
  upMs: number;
  previewMs: number;
  exportReads: number;
  takeOverReads: number;
}

describe("pulumi-voice-platform export", () => {
  let tmp: TempDir;
  let emu: TestEmulator;
  /** node_modules of the first exported project, installed from the packed tarball; later projects link to it. */
  let installed: string | undefined;
  let tarball: string;
  let exports = 0;

  beforeAll(async () => {
    tmp = await makeTempDir("pulumi-voice-export-");
    const { stdout } = await run(
      "npm",
      ["pack", "--json", "--ignore-scripts", "--pack-destination", tmp.path],
      {
        cwd: repoRoot,
        env: childEnv(),
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    tarball = path.join(tmp.path, (JSON.parse(stdout) as { filename: string }[])[0]?.filename ?? "");
    emu = await startTestEmulator();
    await engineEnv();
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    await tmp?.remove();
  }, limitFor(0));

  /** Exports `handle` with the exported project's own command line (or the repo's before the first install). */
  async function exportOrg(handle: string, token: string, extra: string[] = []) {
    const out = path.join(tmp.path, `export-${++exports}-${handle}`);
    const cli = installed
      ? path.join(installed, ".bin", "pulumi-voice-platform")
      : path.join(repoRoot, "dist", "cli", "main.js");
    const args = [
      "export",
      "--out",
      out,
      "--base-url",
      emu.url,
      "--org-handle",
      handle,
      "--package-spec",
      `file:${tarball}`,
      ...extra,
    ];
    const started = Date.now();
    const result = await run(installed ? cli : process.execPath, installed ? args : [cli, ...args], {
      env: { ...childEnv(), VOICE_TOKEN: token },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { out, ms: Date.now() - started, ...result };
  }

  /**
   * Exports `spec` in `form` (sets, or `--per-link`) and `language`, takes it over and previews; answers
   * what it measured. `built` is the token of the organization when an earlier round trip built it.
   */
  async function roundTrip(
    spec: OrgSpec,
    form: ExportForm,
    built?: string,
    language: Language = "typescript",
  ): Promise<RoundTrip> {
    const token = built ?? (await buildOrganization(emu.apiUrl, emu.admin, spec));
    const before = telephonyOf(await emu.admin.state(), spec.handle);
    await emu.admin.clearRequests();

    const exported = await exportOrg(spec.handle, token, [
      ...(form === "per-link" ? ["--per-link"] : []),
      ...(language === "yaml" ? ["--language", "yaml", "--plugin-path", path.join(repoRoot, "bin")] : []),
    ]);
    expect(`${exported.stdout}${exported.stderr}`).not.toContain(token);
    // Every record is representable in the program: none was left out with a note.
    expect(exported.stderr).not.toContain("left out");
    const exportRequests = (await emu.admin.requests()).filter(
      (r) => r.orgHandle === spec.handle || r.orgHandle === null,
    );
    expect(exportRequests.filter((r) => r.method !== "GET")).toEqual([]);

    if (language === "yaml") {
      // The YAML program needs no packages: the plugin comes from --plugin-path.
    } else if (installed) {
      await symlink(installed, path.join(exported.out, "node_modules"), "dir");
    } else {
      const started = Date.now();
      await run("npm", ["install", "--prefer-offline"], {
        cwd: exported.out,
        env: childEnv(),
        timeout: INSTALL_MS,
        maxBuffer: 16 * 1024 * 1024,
      });
      console.log(`npm install of the exported project: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      installed = path.join(exported.out, "node_modules");
    }
    // The stack the export configured, with the secrets its printed `pulumi config set --secret` lines name.
    const { stackName, keys } = printedSecrets(exported.stdout);
    expect(keys[0]).toBe("voice:token");
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName, workDir: exported.out },
      {
        envVars: await engineEnv(...(language === "yaml" ? (["yaml"] as const) : [])),
        pulumiCommand: await pulumiCommand(),
      },
    );
    try {
      expect(await stack.getConfig("voice:orgHandle")).toMatchObject({ value: spec.handle });
      await stack.setAllConfig(secretConfig(keys, token));
      await emu.admin.clearRequests();
      let started = Date.now();
      let log = "";
      const up = await stack.up({ onOutput: (l) => (log += l) }).catch((e: unknown) => {
        throw new Error(`${String(e)}\n${log}\n${exported.stderr}`);
      });
      const upMs = Date.now() - started;
      const resources =
        spec.accounts.filter((a) => a.authToken !== undefined).length +
        spec.bridges.length +
        numberResources(spec, form) +
        spec.trunks.length;
      // Each record taken over (adopted) once, and the stack.
      expect(up.summary.resourceChanges).toEqual({ create: resources + 1 });
      // The up type-checked the exported program; the preview runs the same code.
      if (language === "typescript") skipTypeCheck(stack.workspace);
      started = Date.now();
      const preview = await stack.preview({ expectNoChanges: true });
      const previewMs = Date.now() - started;
      const requests = (await emu.admin.requests()).filter(
        (r) => r.orgHandle === spec.handle || r.orgHandle === null,
      );
      expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
      expect(preview.changeSummary).toEqual({ same: resources + 1 });
      expect(telephonyOf(await emu.admin.state(), spec.handle)).toEqual(before);
      return {
        resources,
        exportMs: exported.ms,
        upMs,
        previewMs,
        exportReads: exportRequests.length,
        takeOverReads: requests.length,
      };
    } finally {
      await stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
    }
  }

  const report = (what: string, r: RoundTrip) =>
    console.log(
      `${what}: ${r.resources} resources; export ${(r.exportMs / 1000).toFixed(1)} s (${r.exportReads} reads), ` +
        `up ${(r.upMs / 1000).toFixed(1)} s and preview ${(r.previewMs / 1000).toFixed(1)} s (${r.takeOverReads} reads, no write)`,
    );

  // Each round trip: an up and a preview, and the install of the exported project by the first to run.
  it(
    "the seeded organization's telephony round-trips as sets: up takes it over reading only, preview then shows no change",
    async () => {
      const spec = seededOrganization(emu.orgHandle, emu.token);
      const r = await roundTrip(spec, "sets");
      report("seeded organization, sets", r);
      expect(r.resources).toBe(9);
      const program = await readFile(path.join(tmp.path, `export-1-${emu.orgHandle}`, "index.ts"), "utf8");
      expect(program).toContain('new voice.BridgeNumbers("support-line", {\n  bridgeSlug: supportLine.slug,');
      expect(program).not.toContain("voice.BridgeNumber(");
      expect(program).not.toMatch(/providerConfigurationId: \d/);
    },
    limitFor(2, 1),
  );

  it(
    "and link by link with --per-link: the same take-over, reading only",
    async () => {
      const spec = seededOrganization(emu.orgHandle, emu.token);
      const r = await roundTrip(spec, "per-link", emu.token);
      report("seeded organization, per link", r);
      expect(r.resources).toBe(10);
      const program = await readFile(path.join(tmp.path, `export-2-${emu.orgHandle}`, "index.ts"), "utf8");
      expect(program).toContain("link(supportLine, twilio, [");
      expect(program).not.toContain("BridgeNumbers");
    },
    limitFor(2, 1),
  );

  // No engine operation; installs: the package into a user's project (when run alone), the two printed.
  it(
    "the printed `npm install` works as printed without --package-spec: from an installed package and from the checkout",
    async () => {
      // A user's project that installed the packed package (it is not on the registry: `^<version>` would be E404):
      // the first round trip's exported project did; run on its own, this test installs it in one.
      let packages = installed;
      if (!packages) {
        const user = path.join(tmp.path, "user-project");
        await mkdir(user);
        await writeFile(path.join(user, "package.json"), '{ "name": "user-project", "private": true }\n');
        await run("npm", ["install", "--prefer-offline", tarball], {
          cwd: user,
          env: childEnv(),
          timeout: INSTALL_MS,
          maxBuffer: 16 * 1024 * 1024,
        });
        packages = path.join(user, "node_modules");
      }
      const fromInstalled = [path.join(packages, ".bin", "pulumi-voice-platform")];
      const fromCheckout = [process.execPath, path.join(repoRoot, "dist", "cli", "main.js")];
      for (const [where, [command = "", ...first]] of [
        ["installed", fromInstalled],
        ["checkout", fromCheckout],
      ] as const) {
        const out = path.join(tmp.path, `printed-install-${where}`);
        const args = [...first, "export", "--out", out, "--base-url", emu.url, "--org-handle", emu.orgHandle];
        const { stdout } = await run(command, args, {
          cwd: tmp.path,
          env: { ...childEnv(), VOICE_TOKEN: emu.token },
        });
        const [cd, install] = stdout.split("\n");
        expect([cd, install]).toEqual([`cd ${out}`, "npm install"]);
        // Verbatim, in a shell, from elsewhere: as a user pastes it.
        await run("bash", ["-c", `${cd} && ${install}`], {
          cwd: tmp.path,
          env: childEnv(),
          timeout: INSTALL_MS,
          maxBuffer: 16 * 1024 * 1024,
        });
        const installed = createRequire(path.join(out, "index.ts")).resolve(
          "pulumi-voice-platform/package.json",
        );
        expect(JSON.parse(await readFile(installed, "utf8"))).toMatchObject({
          name: "pulumi-voice-platform",
        });
        if (where === "checkout")
          expect(path.dirname(await realpath(installed))).toBe(await realpath(repoRoot));
      }
    },
    limitFor(0, 3),
  );

  /**
   * Organizations drawn by the property, and the forms and languages of its runs in turn: sets in
   * TypeScript, then links in YAML (the other pairs are the seeded round trips above and the YAML
   * export's own, test/e2e/export/yaml.test.ts; hostile text is written by language, not by form).
   */
  const RUNS = 2;
  const FORMS: readonly ExportForm[] = ["sets", "per-link"];
  const LANGUAGES: readonly Language[] = ["typescript", "yaml"];

  it(
    `any organization the emulator can hold, hostile names included, round-trips in both forms and languages (fast-check, ${RUNS} organizations)`,
    async () => {
      // Each generated organization gets its own block of 20 numbers and a regression number beside
      // them: a repeated salt must not hand two organizations the same number (the platform refuses
      // that at seeding).
      let generated = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 1_000_000 }).chain((salt) => {
            const run = generated++;
            const base = 1_000_000 + run * 21;
            return withHostileText(
              arbitraryOrg(`random${salt}x${run}`, base),
              `+1555${String(base + 20)}`,
            ).map((spec) => ({
              spec,
              form: FORMS[run % FORMS.length] ?? "sets",
              language: LANGUAGES[run % LANGUAGES.length] ?? "typescript",
            }));
          }),
          async ({ spec, form, language }) => {
            report(
              `random organization ${JSON.stringify(spec.handle)} (${form}, ${language})`,
              await roundTrip(spec, form, undefined, language),
            );
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    // An up and a preview per organization; the install of the first exported project if run alone.
    limitFor(2 * RUNS, 1),
  );
});
