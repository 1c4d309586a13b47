// A Go program over the generated Go SDK (examples/go, sdks/go): it builds and vets, and runs through
// the real engine (Go language host from scripts/tools/pulumi-engine, the plugin from <repo>/bin) against the
// emulator: up and a preview that finds no change. Destroy runs no program: the Go install page's test
// (test/docs/install/go.test.ts) runs it as a user does, test/e2e/native/provider.test.ts proves it.
import { execFile } from "node:child_process";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { GO_BUILD_ENV, makeTempDir, repoRoot } from "../../fixtures/engine";
import { EXAMPLE_CONFIG, useLanguageStack } from "../../fixtures/language-stack";
import { limitFor } from "../../fixtures/limits";
import { codeBlocks } from "../../fixtures/markdown";
import { plainExport, SECRETS } from "../../fixtures/voice-stack";

const run = promisify(execFile);
const example = path.join(repoRoot, "examples", "go");
/** Compiling a Go program and the SDK's dependencies on a loaded machine took 17 minutes the first time. */
const COLD_GO_BUILDS = 3;

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
    limitFor(0, COLD_GO_BUILDS),
  );
});

describe("a Go program with the real engine", () => {
  const go = useLanguageStack({
    stackName: "go",
    program: { write: copyExample },
    pieces: ["go"],
    env: GO_BUILD_ENV,
    config: EXAMPLE_CONFIG,
  });

  it(
    "up creates the resources and answers the invoke; a preview finds no change",
    async () => {
      const up = await go.stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      const state = await go.emu.admin.state();
      expect(state.bridges.map((b) => b.slug)).toEqual(["support"]);
      expect([state.links.length, state.trunks.length]).toEqual([1, 1]);
      expect(up.outputs.bridgeId?.value).toBe(state.bridges[0]?.id);
      expect(typeof up.outputs.configurationId?.value).toBe("number");
      expect(up.outputs.organizationCount?.value).toBeGreaterThan(0);
      // The program read the lookups' typed fields by name.
      expect(up.outputs.organizationHandles?.value).toContain(go.emu.orgHandle);
      expect(up.outputs.totalTasks?.value).toBeGreaterThan(0);

      const preview = await go.stack.preview({ expectNoChanges: true });
      expect(preview.changeSummary).toEqual({ same: 5 });

      const exported = await plainExport(go.stack);
      expect(exported).not.toContain(SECRETS.authToken);
      expect(exported).not.toContain(SECRETS.sipPassword);
    },
    // The up compiles the program: a Go build, warm after the build test above.
    limitFor(2, 1),
  );
});
