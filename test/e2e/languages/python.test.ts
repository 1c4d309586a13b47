// A Python program over the generated Python SDK (examples/python, sdks/python), run through the real
// engine as a user runs it: the Python language host and its exec script from scripts/tools/pulumi-engine, the
// `pulumi` library and the SDK in the virtualenv of scripts/tools/python-env (the project's `virtualenv`
// option), the plugin from <repo>/bin, against the emulator: up, a preview that finds no change, drift
// found by the drift check, `pulumi import` whose printed Python previews clean once pasted. Destroy runs
// no program: the Python install page's test (test/docs/install/python.test.ts) runs it as a user does.
import { appendFile, copyFile, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { repoRoot } from "../../fixtures/engine";
import { EXAMPLE_CONFIG, useLanguageStack } from "../../fixtures/language-stack";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { pythonEnv } from "../../fixtures/python";
import { upOnly } from "../../fixtures/stack-up";
import { plainExport, SECRETS } from "../../fixtures/voice-stack";

const example = path.join(repoRoot, "examples", "python");
/** The platform API token the provider is configured with: a secret like the two the program declares. */
const API_TOKEN = "py-e2e-api-t0ken-5ecr3t";
const ALL_SECRETS = [API_TOKEN, SECRETS.authToken, SECRETS.sipPassword];

/** The example as a user has it: its own `venv` (here the prepared one) and the plugin's folder. */
async function copyExample(dir: string): Promise<void> {
  const venv = await pythonEnv();
  await copyFile(path.join(example, "__main__.py"), path.join(dir, "__main__.py"));
  const project = await readFile(path.join(example, "Pulumi.yaml"), "utf8");
  await writeFile(
    path.join(dir, "Pulumi.yaml"),
    project.replace("path: ../../bin", `path: ${path.join(repoRoot, "bin")}`),
  );
  await symlink(venv, path.join(dir, "venv"), "dir");
}

describe("a Python program with the real engine", () => {
  const py = useLanguageStack({
    stackName: "python",
    program: { write: copyExample },
    pieces: ["python"],
    emulator: { token: API_TOKEN },
    config: EXAMPLE_CONFIG,
  });
  /** Everything the engine printed, for the secrets checks. */
  let printed = "";
  const program = () => path.join(py.workDir, "__main__.py");
  /** Runs `pulumi <args>` in the program's folder as a user does, keeping what it printed. */
  const pulumi = async (...args: string[]) => {
    const result = await py.pulumi(...args);
    printed += result.output;
    return result;
  };
  const onOutput = (line: string) => {
    printed += line;
  };

  it(
    "up creates the four resource types and reads the invokes' typed fields; a preview finds no change; the drift check fails on a renamed bridge, naming the field, and up puts it back",
    async () => {
      const { stack, emu } = py;
      const up = await stack.up({ onOutput });
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      const state = await emu.admin.state();
      expect(state.bridges.map((b) => [b.slug, b.name])).toEqual([["support", "Support"]]);
      expect(state.configurations.map((c) => c.account_sid)).toEqual([DEMO_ACCOUNT]);
      const number = state.numbers.find((n) => n.number === "+14155550100");
      expect(state.links.map((l) => [l.bridge_id, l.configuration_id, l.number_id])).toEqual([
        [state.bridges[0]?.id, state.configurations[0]?.id, number?.id],
      ]);
      expect(state.trunks.map((t) => t.name)).toEqual(["pbx"]);
      expect(up.outputs.bridgeId?.value).toBe(state.bridges[0]?.id);
      expect(up.outputs.configurationId?.value).toBe(state.configurations[0]?.id);
      // The program read the lookups' answers by field name (`org.domain_handle`, `analytics.total_tasks`).
      expect(up.outputs.organizationHandles?.value).toContain(emu.orgHandle);
      expect(up.outputs.organizationCount?.value).toBe(up.outputs.organizationHandles?.value.length);
      expect(up.outputs.totalTasks?.value).toBeGreaterThan(0);

      const preview = await pulumi("preview", "--expect-no-changes");
      expect(preview.output).toMatch(/5 unchanged/);
      expect(preview.code).toBe(0);

      await emu.admin.renameBridge(emu.orgHandle, "support", "Renamed by hand");
      const { code, output } = await pulumi("refresh", "--preview-only", "--expect-no-changes", "--diff");
      expect(code).not.toBe(0);
      expect(output).toMatch(/voice:index:Bridge[\s\S]*~ name: "Support" => "Renamed by hand"/);
      expect(output).toContain("no changes were expected");
      const again = await stack.up({ refresh: true, onOutput });
      expect(again.summary.resourceChanges).toEqual({ same: 4, update: 1 });
      expect((await emu.admin.state()).bridges.map((b) => b.name)).toEqual(["Support"]);
    },
    limitFor(4),
  );

  it(
    "`pulumi import` of a bridge prints Python that previews clean once put into the program; no secret in the output or the plain state",
    async () => {
      const { stack, emu } = py;
      await upOnly(stack);
      const client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
      await client.bridges.create({ name: "Legacy desk", slug: "legacy-desk" });
      const { code, output } = await pulumi(
        "import",
        "voice:index:Bridge",
        "legacy",
        "legacy-desk",
        "--protect=false",
        "--yes",
      );
      expect(code).toBe(0);
      expect(output).toMatch(/1 imported/);
      const printedCode = output.slice(output.indexOf("import pulumi\n"));
      expect(printedCode).toMatch(
        /^legacy = voice\.Bridge\("legacy",\n\s+name="Legacy desk",\n\s+slug="legacy-desk"\)/m,
      );
      // The program already imports both modules: the resource is what goes in.
      const code0 = await readFile(program(), "utf8");
      await appendFile(program(), `\n${printedCode.slice(printedCode.indexOf("legacy = "))}`);
      try {
        const preview = await pulumi("preview", "--expect-no-changes");
        expect(preview.output).toMatch(/6 unchanged/);
        expect(preview.code).toBe(0);

        const exported = await plainExport(stack);
        expect(exported).toContain('"voice:index:SipTrunk"');
        expect(printed).toContain("voice:index:SipTrunk");
        for (const secret of ALL_SECRETS) {
          expect(exported).not.toContain(secret);
          expect(printed).not.toContain(secret);
        }
      } finally {
        await writeFile(program(), code0);
      }
    },
    limitFor(3),
  );

  it(
    "a program that raises fails once, with the traceback from the program's own line",
    async () => {
      const code0 = await readFile(program(), "utf8");
      await writeFile(
        program(),
        'import pulumi_voice as voice\n\n\ndef plan() -> None:\n    raise ValueError("no bridge plan for this stack")\n\n\nplan()\n',
      );
      const { code, output } = await pulumi("preview").finally(() => writeFile(program(), code0));
      expect(code).not.toBe(0);
      expect(output).toContain("Program failed with an unhandled exception:");
      expect(output).toMatch(/__main__\.py", line 8, in <module>\s+plan\(\)/);
      expect(output).toContain("ValueError: no bridge plan for this stack");
      // The runner's own frames are cut, and the host adds no second error of its own.
      expect(output).not.toContain("pulumi-language-python-exec");
      expect(output).not.toMatch(/exited with (non-zero exit )?code/);
    },
    limitFor(1),
  );

  it(
    "a project whose virtualenv is missing fails naming it",
    async () => {
      const venv = path.join(py.workDir, "venv");
      await rm(venv);
      const { code, output } = await pulumi("preview").finally(async () =>
        symlink(await pythonEnv(), venv, "dir"),
      );
      expect(code).not.toBe(0);
      expect(output).toMatch(
        /The .virtualenv. option in Pulumi\.yaml is set to "venv", but ".*venv" doesn.t exist/,
      );
    },
    limitFor(1),
  );
});
