// Every Pulumi YAML program in the documentation (a ```yaml block with `runtime: yaml` in README.md
// or docs/**/*.md) runs as shown through the real engine and YAML language host against the
// emulator, the plugin loaded from this repository: `up`, a clean `preview --expect-no-changes`,
// `destroy`. Counted on the platform: each declared bridge exactly once, in the organization of
// the provider that declared it; each invoke answered by its provider's organization.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS, engineEnv } from "../fixtures/engine";
import { limitFor } from "../fixtures/limits";
import { codeBlocks, docFiles } from "../fixtures/markdown";
import { type NativeStack, nativeStack, PLUGIN_FROM_REPO } from "../fixtures/native-stack";
import { plainExport } from "../fixtures/voice-stack";

// A program marked skip runs elsewhere (an install page's, from the installed plugin, by its own test).
const programs = docFiles().flatMap((file) =>
  codeBlocks(file).filter(
    (b) => (b.lang === "yaml" || b.lang === "yml") && /^runtime: yaml$/m.test(b.code) && b.skip === undefined,
  ),
);

/** The organizations of a program's explicit providers (`pulumi:providers:voice` … `orgHandle: x`). */
const providerOrgs = (code: string) => [
  ...new Set(
    [...code.matchAll(/type: pulumi:providers:voice\n\s+properties:[\s\S]*?orgHandle: (\S+)/g)].map(
      (m) => m[1]!,
    ),
  ),
];

/** A resource of `pulumi stack export`, as far as these checks read it. */
interface StateResource {
  urn: string;
  type: string;
  provider?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** `org/slug` of each bridge in the stack's state, the organization being its provider's `orgHandle`. */
async function declaredBridges(native: NativeStack, defaultOrg: string): Promise<string[]> {
  const resources = ((await native.stack.exportStack()).deployment.resources ?? []) as StateResource[];
  return resources
    .filter((r) => r.type === "voice:index:Bridge")
    .map((r) => {
      const provider = resources.find((p) => r.provider?.startsWith(`${p.urn}::`));
      const org = (provider?.inputs?.orgHandle as string | undefined) ?? defaultOrg;
      return `${org}/${String(r.outputs?.slug)}`;
    })
    .sort();
}

describe("the YAML programs of the documentation", () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
    // The engine and its YAML language host, built once here rather than within a program's limit.
    await engineEnv("yaml");
  }, ENGINE_BUILD_TIMEOUT_MS);
  afterAll(() => emu?.close());

  const bridgesOnPlatform = async () =>
    (await emu.admin.state()).bridges.map((b) => `${b.organization}/${b.slug}`).sort();

  it("include a program of two organizations: two explicit providers, a resource on each, an invoke through one", () => {
    const both = programs.filter(
      (p) =>
        providerOrgs(p.code).length >= 2 &&
        /fn::invoke:[\s\S]*?options:\s+provider: \$\{\w+\}[\s\S]*?return: \w+/.test(p.code) &&
        /^ {4}options:\n {6}provider: \$\{\w+\}$/m.test(p.code),
    );
    expect(both.map((p) => `${p.file}:${p.line}`)).not.toEqual([]);
  });

  it.each(programs.map((p) => [`${p.file}:${p.line}`, p] as const))(
    "%s: up, a clean preview, destroy",
    async (_where, program) => {
      const before = await bridgesOnPlatform();
      const yaml = /^plugins:/m.test(program.code) ? program.code : `${program.code}${PLUGIN_FROM_REPO}`;
      const native = await nativeStack(emu, { "Pulumi.yaml": yaml }, { stackName: "docs" });
      try {
        const up = await native.stack.up();
        expect(up.summary.result).toBe("succeeded");
        const declared = await declaredBridges(native, emu.orgHandle);
        const made = (await bridgesOnPlatform()).filter((b) => !before.includes(b));
        expect(made).toEqual(declared);
        // A program of explicit providers makes bridges in each of their organizations.
        const orgsMade = new Set(made.map((b) => b.split("/")[0]));
        for (const org of providerOrgs(program.code)) expect([...orgsMade], org).toContain(org);

        // An output named `<org>Numbers` is an invoke's list of numbers: what that organization holds.
        const numbersOf = async (org: string) =>
          (await emu.admin.state()).numbers.filter((n) => n.organization === org).map((n) => n.number);
        for (const [name, output] of Object.entries(up.outputs)) {
          const org = /^(\w+)Numbers$/.exec(name)?.[1];
          if (!org) continue;
          const numbers = (output.value as { number: string }[]).map((n) => n.number).sort();
          expect(numbers.length, name).toBeGreaterThan(0);
          expect(numbers, name).toEqual((await numbersOf(org)).sort());
        }

        const { stdout } = await native.pulumi("preview", "--expect-no-changes");
        expect(stdout).toMatch(/\d+ unchanged/);
        expect(await plainExport(native.stack)).not.toContain(emu.token);

        await native.stack.destroy();
        expect(await bridgesOnPlatform()).toEqual(before);
      } finally {
        await native.cleanup();
      }
    },
    // up, preview, destroy
    limitFor(3),
  );
});
