// Provider configuration as provider inputs: an explicit `voice` provider configured by its inputs
// (every setting), a bad input failing with the property named, the token secret even when passed
// plain, what a changed input does, and the default provider from the `VOICE_*` environment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { javascriptProject, type NativeStack, nativeStack } from "../../fixtures/native-stack";
import { plainExport } from "../../fixtures/voice-stack";

/** An explicit provider from config `inputs` (the token as given: here plain text), and a bridge it manages. */
const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const config = new pulumi.Config();
const globex = new pulumi.ProviderResource("voice", "globex", config.requireObject("inputs"));
new pulumi.CustomResource("voice:index:Bridge", "staging", { name: "Staging", slug: "staging" }, { provider: globex });
`;

/** One explicit provider per organization named in config `orgs`, each with a bridge. */
const TWO_ORGANIZATIONS = `const pulumi = require("@pulumi/pulumi");
const config = new pulumi.Config();
for (const [name, orgHandle] of Object.entries(config.requireObject("orgs"))) {
  const provider = new pulumi.ProviderResource("voice", name, { ...config.requireObject("connection"), orgHandle });
  new pulumi.CustomResource("voice:index:Bridge", name + "-line", { name, slug: name + "-line" }, { provider });
}
`;

/** The default provider only: a bridge, configured by whatever the stack config and environment say. */
const DEFAULT_PROGRAM = `const pulumi = require("@pulumi/pulumi");
new pulumi.CustomResource("voice:index:Bridge", "support", { name: "Support", slug: "support" });
`;

describe("provider configuration as provider inputs", { timeout: limitFor(4) }, () => {
  let emu: TestEmulator;
  let native: NativeStack;
  let inputs: Record<string, unknown>;
  let output = "";
  const onOutput = (line: string) => {
    output += line;
  };
  const setInputs = (changes: Record<string, unknown>) =>
    native.stack.setConfig("inputs", { value: JSON.stringify({ ...inputs, ...changes }) });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error(`expected a failure:\n${output}`);
      },
      (error: Error) => `${error.message}\n${output}`,
    );

  beforeAll(async () => {
    emu = await startTestEmulator();
    native = await nativeStack(emu, {
      "Pulumi.yaml": javascriptProject("voice-native-config"),
      "index.js": PROGRAM,
    });
    inputs = {
      baseUrl: emu.url,
      token: emu.token,
      orgHandle: "globex",
      productId: emu.productId,
      maxRetries: 2,
      retryBaseDelayMs: 5,
      timeoutMs: 20_000,
      maxConcurrency: 4,
    };
    await setInputs({});
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await native?.cleanup();
    await emu?.close();
  }, limitFor(1));

  it("an explicit provider configured by every input manages its organization's bridge", async () => {
    const up = await native.stack.up({ onOutput });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    const bridges = (await emu.admin.state()).bridges.map((b) => `${b.organization}/${b.slug}`);
    expect(bridges).toEqual(["globex/staging"]);
    expect((await native.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 3 });
  });

  it("records the token as a secret though the program passed it plain, and never prints it", async () => {
    const exported = await plainExport(native.stack);
    expect(exported).toContain('"token"');
    expect(exported).not.toContain(emu.token);
    expect(output).not.toContain(emu.token);
  });

  it("fails a bad input naming the property, not quoting the token", async () => {
    for (const [property, value] of [
      ["retryBaseDelayMs", -5],
      ["baseUrl", "not a url"],
      ["maxConcurrency", 0],
    ] as const) {
      output = "";
      await setInputs({ [property]: value });
      const message = await failure(native.stack.preview({ onOutput }));
      expect(message).toMatch(new RegExp(`resource 'globex'.* ${property} .*has a problem: ${property} `));
      expect(message).not.toContain(emu.token);
    }
    await setInputs({});
  });

  it("a new token or knob updates the provider in place; a new orgHandle replaces its resources", async () => {
    await setInputs({ timeoutMs: 30_000 });
    const tuned = await native.stack.preview();
    expect(tuned.changeSummary).toEqual({ same: 2, update: 1 });
    await setInputs({ orgHandle: emu.orgHandle });
    output = "";
    const moved = await native.stack.preview({ diff: true, onOutput });
    expect(moved.changeSummary).toMatchObject({ replace: 2 });
    expect(output).toMatch(/orgHandle/);
    await setInputs({});
  });

  it("an orgHandle the token cannot use fails the preview, naming the provider, the property and how to set it", async () => {
    output = "";
    await setInputs({ orgHandle: "initech" });
    const message = await failure(native.stack.preview({ onOutput }));
    expect(message).toMatch(/resource 'globex': property orgHandle .*has a problem: /);
    expect(message).toContain(
      'orgHandle "initech" of provider "globex" is not an organization this token can use (it can use: acme, globex): ' +
        'set the `orgHandle` property of provider "globex"',
    );
    expect(message).not.toContain("pulumi config set");
    expect(message).not.toContain(emu.token);
    await setInputs({});
  });

  it("`pulumi import` without default provider settings names `--provider`, and imports through the explicit one", async () => {
    const globex = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: "globex" });
    await globex.bridges.create({ name: "Imported", slug: "imported" });
    const defaults = ["voice:baseUrl", "voice:token", "voice:orgHandle"];
    const saved = await native.stack.getAllConfig();
    await native.stack.removeAllConfig(defaults);
    try {
      const message = await native.pulumiFailure(
        "import",
        "voice:index:Bridge",
        "imported",
        "imported",
        "--generate-code=false",
        "--yes",
      );
      expect(message).toContain("for the default provider");
      expect(message).toContain("pass `--provider <name>=<urn>` to `pulumi import`");
      const resources = (await native.stack.exportStack()).deployment.resources ?? [];
      const urn = resources.find((r: { type: string; urn: string }) => r.urn.endsWith("::globex"))?.urn;
      expect(urn).toMatch(/pulumi:providers:voice::globex$/);
      const { stdout } = await native.pulumi(
        "import",
        "voice:index:Bridge",
        "imported",
        "imported",
        "--provider",
        `globex=${urn}`,
        "--protect=false",
        "--generate-code=false",
        "--yes",
      );
      expect(stdout).toMatch(/1 imported/);
    } finally {
      await native.stack.setAllConfig(Object.fromEntries(defaults.map((key) => [key, saved[key]!])));
    }
  });

  it("destroy uses the provider's inputs too", async () => {
    await native.stack.destroy();
    expect((await emu.admin.state()).bridges).toEqual([]);
  });

  it("the default provider reads the VOICE_* environment when the stack sets no voice:* config", async () => {
    const fromEnv = await nativeStack(
      emu,
      { "Pulumi.yaml": javascriptProject("voice-native-env"), "index.js": DEFAULT_PROGRAM },
      {
        stackName: "env",
        env: { VOICE_BASE_URL: emu.url, VOICE_TOKEN: emu.token, VOICE_ORG_HANDLE: emu.orgHandle },
      },
    );
    try {
      for (const key of ["voice:baseUrl", "voice:token", "voice:orgHandle"])
        await fromEnv.stack.removeConfig(key);
      const up = await fromEnv.stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 2 });
      expect((await emu.admin.state()).bridges.map((b) => `${b.organization}/${b.slug}`)).toEqual([
        `${emu.orgHandle}/support`,
      ]);
      await fromEnv.stack.destroy();
    } finally {
      await fromEnv.cleanup();
    }
  });

  it("a provider of an organization the token cannot use fails the preview of `up`: nothing is created in either organization", async () => {
    const two = await nativeStack(
      emu,
      { "Pulumi.yaml": javascriptProject("voice-native-two"), "index.js": TWO_ORGANIZATIONS },
      {
        stackName: "two",
        config: {
          connection: { value: JSON.stringify({ baseUrl: emu.url, token: emu.token }) },
          orgs: { value: JSON.stringify({ acme: emu.orgHandle, initech: "initech" }) },
        },
      },
    );
    try {
      const message = await two.pulumiFailure("up", "--yes");
      expect(message).toMatch(/resource 'initech': property orgHandle .*has a problem: /);
      expect(message).not.toContain(emu.token);
      expect((await emu.admin.state()).bridges).toEqual([]);
      expect((await two.stack.exportStack()).deployment.resources ?? []).toHaveLength(0);
    } finally {
      await two.cleanup();
    }
  });

  it("the default provider's orgHandle is checked at preview too, with the stack config advice", async () => {
    const wrong = await nativeStack(
      emu,
      { "Pulumi.yaml": javascriptProject("voice-native-wrong-org"), "index.js": DEFAULT_PROGRAM },
      { stackName: "wrong-org", config: { "voice:orgHandle": { value: "initech" } } },
    );
    try {
      const message = await wrong.pulumiFailure("preview");
      expect(message).toContain(
        'voice:orgHandle "initech" is not an organization this token can use (it can use: acme, globex): ' +
          "run `pulumi config set voice:orgHandle <handle>` or set VOICE_ORG_HANDLE",
      );
      expect(message).not.toContain(emu.token);
      expect((await emu.admin.state()).bridges).toEqual([]);
    } finally {
      await wrong.cleanup();
    }
  });
});
