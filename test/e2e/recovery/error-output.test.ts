// What a user reads when an expected failure stops a preview: bad or missing configuration, a refused
// token, an unreachable platform. One clear line per cause, naming what to fix; no stack trace.
import { afterEach, describe, expect, it } from "vitest";
import { closedPort } from "../../fixtures/http";
import { limitFor } from "../../fixtures/limits";
import { emulatorConfig, useVoiceStack } from "../../fixtures/voice-stack";

const ctx = useVoiceStack();

/** The engine's output of a preview that must fail. */
async function failedPreview(): Promise<string> {
  let output = "";
  const failed = await ctx.voice.stack.preview({ onOutput: (line) => (output += line) }).then(
    () => false,
    () => true,
  );
  if (!failed) throw new Error(`the preview succeeded:\n${output}`);
  return output;
}

/** Lines of `output` that match `pattern`. */
const linesMatching = (output: string, pattern: RegExp) =>
  output.split("\n").filter((line) => pattern.test(line));

/** The engine's summary of what each process reported (the progress display above repeats it). */
function diagnostics(output: string): string {
  const start = output.indexOf("Diagnostics:");
  if (start < 0) throw new Error(`no diagnostics in:\n${output}`);
  return output.slice(start, output.indexOf("\nResources:", start));
}

/** Asserts that the engine's summary holds `pattern` on exactly one line (showing the output if not). */
function expectOnce(output: string, pattern: RegExp): void {
  expect(linesMatching(diagnostics(output), pattern), output).toHaveLength(1);
}

/** No stack frame, no frame into a TypeScript source the package does not ship, no Node warning. */
function expectNoStack(output: string): void {
  expect(linesMatching(output, /^\s+at /), output).toEqual([]);
  expect(linesMatching(output, /\.ts:\d+/), output).toEqual([]);
  expect(linesMatching(output, /Warning/), output).toEqual([]);
}

/** The e2e program's lookups: nine data sources, each needing the platform. */
const LOOKUPS = { lookups: true };

// Each case: one preview.
describe("error output through the real engine", { timeout: limitFor(1) }, () => {
  afterEach(async () => {
    await ctx.voice.stack.setAllConfig(emulatorConfig(ctx.emu));
  }, limitFor(0));

  it("reports a missing voice:orgHandle once for a program of many lookups, without a stack", async () => {
    await ctx.voice.declare(LOOKUPS);
    await ctx.voice.stack.removeConfig("voice:orgHandle");
    const output = await failedPreview();
    expectOnce(output, /voice:orgHandle is not set/);
    expectOnce(output, /error:/);
    expect(output).toMatch(/run `pulumi config set voice:orgHandle <value>` or set VOICE_ORG_HANDLE/);
    expectNoStack(output);
  });

  it("reports an organization the token cannot use once, listing the ones it can", async () => {
    await ctx.voice.declare(LOOKUPS);
    await ctx.voice.stack.setConfig("voice:orgHandle", { value: "initech" });
    const output = await failedPreview();
    expect(
      linesMatching(diagnostics(output), /voice:orgHandle "initech" is not an organization/),
    ).toHaveLength(1);
    expect(output).toMatch(/it can use: acme, globex/);
    expectNoStack(output);
  });

  it("reports a refused token once, without a stack", async () => {
    await ctx.voice.declare(LOOKUPS);
    await ctx.voice.stack.setConfig("voice:token", { value: "not-the-token", secret: true });
    const output = await failedPreview();
    expectOnce(output, /The platform refused voice:token/);
    expectNoStack(output);
  });

  it.each([
    ["the program's lookups", LOOKUPS],
    [
      "the provider's check of a configuration",
      {
        configurations: [
          { name: "twilio", provider: "twilio", accountSid: "AC00000000000000000000000000000001" },
        ],
      },
    ],
  ])("reports an unreachable platform met by %s in one line naming the URL", async (_who, spec) => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    await ctx.voice.declare(spec);
    await ctx.voice.stack.setConfig("voice:baseUrl", { value: url });
    const output = await failedPreview();
    const reports = linesMatching(diagnostics(output), /cannot be reached/);
    expect(reports.length).toBeGreaterThan(0);
    for (const line of reports)
      expect(line).toContain(
        `The voice platform at ${url} cannot be reached (GET /organizations/ → connection failed (ECONNREFUSED)`,
      );
    expectOnce(output, /error:/);
    expectNoStack(output);
  });
});
