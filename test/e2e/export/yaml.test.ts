// The YAML export round trip, as a user runs it: `pulumi-voice-platform export --language yaml` writes a
// Pulumi YAML program for the native provider (each bridge's numbers a set, or link by link with
// --per-link), `pulumi up` takes the organization over (by `adopt: true`, or by the program's `import`
// options with `--take-over import`), and `pulumi preview --expect-no-changes` is clean. The platform must see reads only and end unchanged, and no secret may reach any output.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printedSecrets } from "../../../estate/export-steps";
import { buildOrganization } from "../../../estate/organization";
import type { ExportForm } from "../../../provider/runtime/export-mapping";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeTempDir,
  repoRoot,
  type TempDir,
} from "../../fixtures/engine";
import { languageStack, requireYamlHost } from "../../fixtures/language-stack";
import { limitFor } from "../../fixtures/limits";
import { seededOrganization, telephonyOf } from "../../fixtures/telephony-org";
import { childEnv } from "../../fixtures/user-project";
import { plainExport } from "../../fixtures/voice-stack";

const run = promisify(execFile);

describe("pulumi-voice-platform export --language yaml", () => {
  let tmp: TempDir;
  let emu: TestEmulator;
  let token: string;
  const spec = () => seededOrganization(emu.orgHandle, emu.token);
  /** Every value the platform keeps secret: the API token and the write-only ones the program is given. */
  const secrets = (keys: readonly string[]) => [token, ...keys.map(secretValue)];
  const secretValue = (key: string) => (key === "voice:token" ? token : `exported-${key}-value`);

  beforeAll(async () => {
    tmp = await makeTempDir("pulumi-voice-export-yaml-");
    emu = await startTestEmulator();
    token = await buildOrganization(emu.apiUrl, emu.admin, spec());
    await requireYamlHost();
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    await tmp?.remove();
  });

  /** The organization's requests since the last clear. */
  const requests = async () =>
    (await emu.admin.requests()).filter((r) => r.orgHandle === emu.orgHandle || r.orgHandle === null);

  /**
   * Exports, takes over and previews; answers what it measured. The take-over is `pulumi up` of the
   * exported program, or (`importFile`) `pulumi import --file import.json` before it.
   */
  async function roundTrip(takeOver: "adopt" | "import", importFile = false, form: ExportForm = "sets") {
    const before = telephonyOf(await emu.admin.state(), emu.orgHandle);
    await emu.admin.clearRequests();
    const out = path.join(tmp.path, `${takeOver}${importFile ? "-file" : ""}-${form}`);
    let started = Date.now();
    const exported = await run(
      process.execPath,
      [
        path.join(repoRoot, "dist", "cli", "main.js"),
        "export",
        ...["--out", out, "--base-url", emu.url, "--org-handle", emu.orgHandle],
        ...["--language", "yaml", "--plugin-path", path.join(repoRoot, "bin")],
        ...(takeOver === "import" ? ["--take-over", "import"] : []),
        ...(form === "per-link" ? ["--per-link"] : []),
      ],
      { env: { ...childEnv(), VOICE_TOKEN: token }, maxBuffer: 16 * 1024 * 1024 },
    );
    const exportMs = Date.now() - started;
    const exportRequests = await requests();
    expect(exportRequests.filter((r) => r.method !== "GET")).toEqual([]);

    // The stack and the secrets the export's printed `pulumi config set --secret` lines name.
    const { stackName, keys } = printedSecrets(exported.stdout);
    expect(keys).toEqual(["voice:token", "twilioAuthToken", "plivoAuthToken", "primaryEdgeSipPassword"]);
    // After an import option, the printed steps run `up` a second time (to record the write-only values).
    expect(exported.stdout.match(/^pulumi up /gm)).toHaveLength(takeOver === "import" ? 2 : 1);
    const program = await readFile(path.join(out, "Pulumi.yaml"), "utf8");
    const { resources: toImport } = JSON.parse(await readFile(path.join(out, "import.json"), "utf8")) as {
      resources: unknown[];
    };
    expect((program.match(takeOver === "adopt" ? /adopt: true/g : /import: "/g) ?? []).length).toBe(
      toImport.length,
    );
    expect(program.match(/type: voice:index:BridgeNumbers?\n/g)).toEqual(
      Array(form === "sets" ? 2 : 3).fill(`type: voice:index:BridgeNumber${form === "sets" ? "s" : ""}\n`),
    );

    const { stack, remove } = await languageStack(out, { stackName });
    try {
      await stack.setAllConfig(
        Object.fromEntries(keys.map((k) => [k, { value: secretValue(k), secret: true }])),
      );
      await emu.admin.clearRequests();
      let log = "";
      started = Date.now();
      if (importFile) {
        const imported = await run(
          "pulumi",
          [
            "import",
            "--file",
            "import.json",
            "--protect=false",
            "--generate-code=false",
            "--yes",
            "--non-interactive",
          ],
          { cwd: out, env: { ...process.env, ...(await engineEnv()) }, maxBuffer: 16 * 1024 * 1024 },
        );
        log += imported.stdout + imported.stderr;
        expect(imported.stdout).toContain(`${toImport.length} imported`);
      }
      const up = await stack.up({ onOutput: (l) => (log += l) }).catch((e: unknown) => {
        throw new Error(`${String(e)}\n${log}`);
      });
      const upMs = Date.now() - started;
      started = Date.now();
      const preview = await stack.preview({ expectNoChanges: true, onOutput: (l) => (log += l) });
      const previewMs = Date.now() - started;
      // An import option records the inputs the platform shows, without the write-only values: the
      // next `up`, as the exported README says, records them, changing and writing nothing.
      started = Date.now();
      if (takeOver === "import" && !importFile)
        expect((await stack.up({ onOutput: (l) => (log += l) })).summary.resourceChanges).toEqual({
          same: toImport.length + 1,
        });
      const againMs = Date.now() - started;
      const takeOverRequests = await requests();
      const writes = takeOverRequests.filter((r) => r.method !== "GET");
      const resources = toImport.length;
      // Each resource is created in the state by adopting, imported by its option, or already imported.
      expect(up.summary.resourceChanges).toEqual(
        importFile
          ? { same: resources + 1 }
          : takeOver === "adopt"
            ? { create: resources + 1 }
            : { create: 1, import: resources },
      );
      expect(preview.changeSummary).toEqual({ same: resources + 1 });
      expect(telephonyOf(await emu.admin.state(), emu.orgHandle)).toEqual(before);
      const output = `${exported.stdout}${exported.stderr}${program}${log}${await plainExport(stack)}`;
      for (const secret of secrets(keys)) expect(output).not.toContain(secret);
      // The write-only values the program supplied are recorded (encrypted) in the stack all the same.
      const state = JSON.stringify((await stack.exportStack()).deployment);
      for (const key of keys.slice(1)) expect(state).toContain(JSON.stringify(secretValue(key)).slice(1, -1));
      const r = {
        resources,
        exportMs,
        upMs,
        previewMs,
        reads: exportRequests.length + takeOverRequests.length,
        writes,
      };
      console.log(
        `YAML export (${form}), take over by ${importFile ? "pulumi import --file" : takeOver}: ${r.resources} resources; export ${(r.exportMs / 1000).toFixed(1)} s, ` +
          `${importFile ? "import and up" : "up"} ${(r.upMs / 1000).toFixed(1)} s, preview ${(r.previewMs / 1000).toFixed(1)} s` +
          `${againMs > 100 ? `, second up ${(againMs / 1000).toFixed(1)} s` : ""}; ` +
          `${r.reads} reads, ${r.writes.length} writes`,
      );
      return r;
    } finally {
      await remove();
    }
  }

  it(
    "takes the seeded organization over by adopt, each bridge's numbers a set: no write, preview clean",
    async () => {
      const r = await roundTrip("adopt");
      expect(r.resources).toBe(9);
      expect(r.writes).toEqual([]);
    },
    limitFor(3),
  );

  it(
    "takes it over by the import option: no write, preview clean",
    async () => {
      const r = await roundTrip("import");
      expect(r.resources).toBe(9);
      expect(r.writes).toEqual([]);
    },
    limitFor(4),
  );

  it(
    "takes it over by `pulumi import --file import.json`: no write, up and preview change nothing",
    async () => {
      const r = await roundTrip("import", true);
      expect(r.resources).toBe(9);
      expect(r.writes).toEqual([]);
    },
    limitFor(4),
  );

  it(
    "takes it over link by link with --per-link, by adopt: no write, preview clean",
    async () => {
      const r = await roundTrip("adopt", false, "per-link");
      expect(r.resources).toBe(10);
      expect(r.writes).toEqual([]);
    },
    limitFor(3),
  );
});
