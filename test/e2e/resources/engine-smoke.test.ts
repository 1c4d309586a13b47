// The real engine runs a local Node.js program with a dynamic resource through its whole lifecycle.
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ENGINE_BUILD_TIMEOUT_MS,
  engineEnv,
  makeProgramDir,
  pulumiCommand,
  type TempDir,
} from "../../fixtures/engine";

const program = {
  "Pulumi.yaml": "name: engine-smoke\nruntime:\n  name: nodejs\n  options:\n    typescript: false\n",
  "package.json": JSON.stringify({ name: "engine-smoke", private: true, main: "index.js" }),
  "index.js": `
const pulumi = require("@pulumi/pulumi");
// Touches nothing outside the engine's state: the outputs are the inputs.
const provider = { async create(inputs) { return { id: "x", outs: inputs }; } };
class Echo extends pulumi.dynamic.Resource {
  constructor(name, args, opts) { super(provider, name, args, opts); }
}
const echo = new Echo("echo", { message: "hello" });
exports.message = echo.message;
`,
};

const OP_TIMEOUT_MS = 120_000;

describe("the Pulumi engine", () => {
  let dir: TempDir;
  let stack: Stack;

  beforeAll(async () => {
    const envVars = await engineEnv();
    dir = await makeProgramDir(program);
    stack = await LocalWorkspace.createOrSelectStack(
      { stackName: "smoke", workDir: dir.path },
      { envVars, pulumiCommand: await pulumiCommand() },
    );
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await stack?.workspace.removeStack("smoke");
    await dir?.remove();
  }, OP_TIMEOUT_MS);

  it(
    "creates the stack and the dynamic resource",
    async () => {
      const up = await stack.up();
      expect(up.summary.result).toBe("succeeded");
      expect(up.summary.resourceChanges).toEqual({ create: 2 });
      expect(up.outputs.message?.value).toBe("hello");
    },
    OP_TIMEOUT_MS,
  );

  it(
    "previews no changes",
    async () => {
      const preview = await stack.preview();
      expect(preview.changeSummary).toEqual({ same: 2 });
    },
    OP_TIMEOUT_MS,
  );

  it(
    "refreshes without drift",
    async () => {
      const refresh = await stack.refresh();
      expect(refresh.summary.result).toBe("succeeded");
      expect(refresh.summary.resourceChanges).toEqual({ same: 2 });
    },
    OP_TIMEOUT_MS,
  );

  it(
    "destroys everything",
    async () => {
      const destroy = await stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect(destroy.summary.resourceChanges).toEqual({ delete: 2 });
      const state = await stack.exportStack();
      expect(state.deployment.resources ?? []).toEqual([]);
    },
    OP_TIMEOUT_MS,
  );
});
