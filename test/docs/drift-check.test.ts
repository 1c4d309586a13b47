// One drift check everywhere a user meets one: the README, docs/ (the drift guide), the demo's step list and its
// step 3, and the emulator dashboard's banner all name `pulumi refresh --preview-only
// --expect-no-changes`, never `pulumi preview --refresh --expect-no-changes` (which also fails on
// code not yet applied).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRIFT_CHECK_ARGS, DRIFT_CHECK_COMMAND } from "../../emulator/dashboard/drift-check";
import { DEMO_STEPS, driftStepArgs } from "../../scripts/dev/demo-steps";
import { startTestEmulator, type TestEmulator } from "../fixtures/emulator";
import { docFiles, readDoc } from "../fixtures/markdown";

/** The other command, however its flags are ordered or wrapped. */
const PREVIEW_REFRESH = /pulumi\s+preview\s+--refresh\s+--expect-no-changes/g;

describe("the drift check", () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startTestEmulator();
  });
  afterAll(() => emu?.close());

  it("is a refresh preview that expects no changes", () => {
    expect(DRIFT_CHECK_COMMAND).toBe("pulumi refresh --preview-only --expect-no-changes");
  });

  it("the dashboard's banner names it", async () => {
    const page = await (await fetch(`${emu.url}/`)).text();
    const banner = /<header>[\s\S]*?<\/header>/.exec(page)?.[0] ?? "";
    expect(banner).toContain(`<code>${DRIFT_CHECK_COMMAND}</code>`);
    expect(banner).not.toMatch(/preview --refresh/);
  });

  it("the demo's step list names it and its step 3 runs it", () => {
    expect(DEMO_STEPS[2]).toContain(DRIFT_CHECK_COMMAND);
    expect(DEMO_STEPS.join("\n")).not.toMatch(PREVIEW_REFRESH);
    expect(driftStepArgs("demo").slice(0, DRIFT_CHECK_ARGS.length)).toEqual([...DRIFT_CHECK_ARGS]);
  });

  it("the README's two commands, its demo step 3 and the drift guide's first command name it", () => {
    const readme = readDoc("README.md");
    expect(readme.slice(0, readme.indexOf("\n## ")).match(/^pulumi refresh .*$/m)?.[0]).toMatch(
      new RegExp(`^${DRIFT_CHECK_COMMAND}\\s`),
    );
    const guide = readDoc("docs/drift-and-reports.md");
    const drift = guide.slice(guide.indexOf("\n## Drift detection"), guide.indexOf("\n## Change and drift"));
    expect(/```sh\n(.*)/.exec(drift)?.[1]).toMatch(new RegExp(`^${DRIFT_CHECK_COMMAND}\\s`));
    const demoSteps = readme.slice(readme.indexOf("`npm run demo` does all of this"));
    expect(/^3\. [\s\S]*?(?=^4\. )/m.exec(demoSteps)?.[0].replace(/\s+/g, " ")).toContain(
      DRIFT_CHECK_COMMAND,
    );
  });

  it("the documentation shows the other command only to say it is not the one", () => {
    for (const file of docFiles()) {
      const text = readDoc(file);
      for (const match of text.matchAll(PREVIEW_REFRESH)) {
        expect(text.slice(Math.max(0, match.index - 5), match.index), `${file}: ${match[0]}`).toMatch(
          /not `$/,
        );
      }
    }
  });
});
