// A Go program over the generated Go SDK (examples/go, sdks/go): it builds and vets, and runs through
// the real engine (Go language host from scripts/tools/pulumi-engine, the plugin from <repo>/bin) against the
// emulator: up, a preview that finds no change, destroy.
import { execFile } from "node:child_process";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  GO_BUILD_ENV,
  makeTempDir,
  pulumiCommand,
  repoRoot,
  type TempDir,
} from "../../fixtures/engine";
import { codeBlocks } from "../../fixtures/markdown";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { emulatorConfig, OP_TIMEOUT_MS, plainExport, SECRETS } from "../../fixtures/voice-stack";

const run = promisify(execFile);
const example = path.join(repoRoot, "examples", "go");
/** Compiling a Go program and the SDK's dependencies on a loaded machine took 17 minutes the first time. */
const GO_BUILD_TIMEOUT_MS = ENGINE_BUILD_TIMEOUT_MS;

/** A copy of examples/go whose SDK and plugin paths are absolute, so it runs from a scratch folder. */
async function copyExample(dir: string): Promise<void> {
  await copyFile(path.join(example, "main.go"), path.join(dir, "main.go"));
  await copyFile(path.join(example, "go.sum"), path.join(dir, "go.sum"));
  const goMod = await readFile(path.join(example, "go.mod"), "utf8");
  await writeFile(
    path.join(dir, "go.mod"),
    goMod.replace("=> ../../sdks/go", `=> ${path.join(repoRoot, "sdks", "go")}`),
  );
  const project = await readFile(path.join(example, "Pulumi.yaml"), "utf8");
  await writeFile(
    path.join(dir, "Pulumi.yaml"),
    project.replace("path: ../../bin", `path: ${path.join(repoRoot, "bin")}`),
  );
}

describe("the Go SDK", () => {
  it(
    "builds and vets with the example program",
    async () => {
      const scratch = await makeTempDir("pulumi-voice-go-build-");
      try {
        const env = { ...process.env, ...GO_BUILD_ENV };
        await run("go", ["build", "-o", path.join(scratch.path, "program"), "."], { cwd: example, env });
        await run("go", ["vet", "./..."], { cwd: example, env });
        // The SDK's own packages, through the example's module (the generated module has no go.sum).
        await run("go", ["vet", "github.com/pulumi-voice-platform/pulumi-voice-platform/sdks/go/..."], {
          cwd: example,
          env,
        });
        // The documentation's overview example, in a copy of the example's module.
        const [block] = codeBlocks("docs/_index.md").filter((b) => b.lang === "go");
        await copyExample(scratch.path);
        await writeFile(path.join(scratch.path, "main.go"), block?.code ?? "");
        await run("go", ["vet", "."], { cwd: scratch.path, env });
      } finally {
        await scratch.remove();
      }
    },
    GO_BUILD_TIMEOUT_MS,
  );
});

describe("a Go program with the real engine", { timeout: OP_TIMEOUT_MS }, () => {
  let emu: TestEmulator;
  let dir: TempDir;
  let stack: Stack;

  beforeAll(async () => {
    emu = await startTestEmulator();
    dir = await makeTempDir("pulumi-voice-go-program-");
    await copyExample(dir.path);
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "go", workDir: dir.path },
      { envVars: { ...(await engineEnv("go")), ...GO_BUILD_ENV }, pulumiCommand: await pulumiCommand() },
    );
    await stack.setAllConfig({
      ...emulatorConfig(emu),
      accountSid: { value: DEMO_ACCOUNT },
      authToken: { value: SECRETS.authToken, secret: true },
      sipPassword: { value: SECRETS.sipPassword, secret: true },
    });
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.workspace.removeStack("go", { force: true }).catch(() => undefined);
    await dir?.remove();
    await emu?.close();
  }, OP_TIMEOUT_MS);

  it(
    "up creates the resources and answers the invoke",
    async () => {
      const up = await stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      const state = await emu.admin.state();
      expect(state.bridges.map((b) => b.slug)).toEqual(["support"]);
      expect([state.links.length, state.trunks.length]).toEqual([1, 1]);
      expect(up.outputs.bridgeId?.value).toBe(state.bridges[0]?.id);
      expect(typeof up.outputs.configurationId?.value).toBe("number");
      expect(up.outputs.organizationCount?.value).toBeGreaterThan(0);
      // The program read the lookups' typed fields by name.
      expect(up.outputs.organizationHandles?.value).toContain(emu.orgHandle);
      expect(up.outputs.totalTasks?.value).toBeGreaterThan(0);
    },
    GO_BUILD_TIMEOUT_MS,
  );

  it("a preview right after finds no change", async () => {
    const preview = await stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 5 });
  });

  it("keeps the secrets out of the plaintext state", async () => {
    const exported = await plainExport(stack);
    expect(exported).not.toContain(SECRETS.authToken);
    expect(exported).not.toContain(SECRETS.sipPassword);
  });

  it("destroy removes what it created", async () => {
    const destroy = await stack.destroy();
    expect(destroy.summary.resourceChanges).toEqual({ delete: 5 });
    const state = await emu.admin.state();
    expect([state.bridges.length, state.links.length, state.trunks.length]).toEqual([0, 0, 0]);
  });
});
