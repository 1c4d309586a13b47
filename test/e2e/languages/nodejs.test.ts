// The generated Node.js SDK as the package subpath `pulumi-voice-platform/native` (compiled from
// sdks/nodejs into dist/native): a TypeScript program type-checks against it and runs through the real
// engine against the emulator (up, a preview that finds no change; destroy runs no program and is
// proven by test/e2e/native/provider.test.ts).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot, skipTypeCheck } from "../../fixtures/engine";
import { useLanguageStack } from "../../fixtures/language-stack";
import { limitFor } from "../../fixtures/limits";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { SECRETS } from "../../fixtures/voice-stack";

const run = promisify(execFile);

const PULUMI_YAML = `name: voice-native-nodejs
runtime: nodejs
plugins:
  providers:
    - name: voice
      path: ${path.join(repoRoot, "bin")}
`;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "ES2022",
    types: ["node"],
    noEmit: true,
  },
  files: ["index.ts"],
});

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as voice from "pulumi-voice-platform/native";

const config = new pulumi.Config();
const carrier = new voice.ProviderConfiguration("carrier", {
  provider: "twilio",
  accountSid: ${JSON.stringify(DEMO_ACCOUNT)},
  authToken: config.requireSecret("authToken"),
});
const support = new voice.Bridge("support", { name: "Support", slug: "support" });
new voice.BridgeNumber("main-line", {
  bridgeSlug: support.slug,
  providerConfigurationId: carrier.configurationId,
  phoneNumber: "+14155550100",
});
export const bridgeId: pulumi.Output<number> = support.bridgeId;
export const organizationCount = voice.getOrganizations().then((r) => r.items.length);
`;

describe("the Node.js SDK as pulumi-voice-platform/native", () => {
  const native = useLanguageStack({
    stackName: "native-nodejs",
    program: { files: { "Pulumi.yaml": PULUMI_YAML, "index.ts": PROGRAM, "tsconfig.json": TSCONFIG } },
    config: { authToken: { value: SECRETS.authToken, secret: true } },
  });

  it(
    "a program type-checks against the subpath's declarations",
    async () => {
      await run(path.join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", native.workDir]);
    },
    limitFor(1),
  );

  it(
    "up creates the resources and answers the invoke; a preview finds no change",
    async () => {
      const { stack, emu } = native;
      // The test above type-checks the program with tsc; the engine's runs only transpile it.
      skipTypeCheck(stack.workspace);
      const up = await stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 4 });
      const state = await emu.admin.state();
      expect(state.bridges.map((b) => b.slug)).toEqual(["support"]);
      expect(state.links).toHaveLength(1);
      expect(up.outputs.bridgeId?.value).toBe(state.bridges[0]?.id);
      expect(up.outputs.organizationCount?.value).toBeGreaterThan(0);

      const preview = await stack.preview({ expectNoChanges: true });
      expect(preview.changeSummary).toEqual({ same: 4 });
    },
    limitFor(2),
  );
});
