// The committed SDKs in sdks/ are what Pulumi's generators write from schema.json today.
import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_BUILD_TIMEOUT_MS, makeTempDir, repoRoot, type TempDir } from "../fixtures/engine";

const run = promisify(execFile);
const LANGUAGES = ["dotnet", "go", "java", "nodejs", "python"];

/** Every file under `dir`, as paths relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("generated SDKs", () => {
  let fresh: TempDir;

  beforeAll(async () => {
    fresh = await makeTempDir("pulumi-voice-sdks-");
    await run(path.join(repoRoot, "scripts", "generate", "gen-sdks"), [fresh.path], {
      timeout: ENGINE_BUILD_TIMEOUT_MS,
    });
  }, ENGINE_BUILD_TIMEOUT_MS);
  afterAll(() => fresh?.remove());

  it.each(LANGUAGES)("sdks/%s is current (else run scripts/generate/gen-sdks)", async (language) => {
    const committed = path.join(repoRoot, "sdks", language);
    const generated = path.join(fresh.path, language);
    const files = await filesUnder(generated);
    expect(files.length).toBeGreaterThan(10);
    expect(await filesUnder(committed)).toEqual(files);
    for (const file of files) {
      const [want, have] = await Promise.all([
        readFile(path.join(generated, file), "utf8"),
        readFile(path.join(committed, file), "utf8"),
      ]);
      expect(have, `sdks/${language}/${file}`).toBe(want);
    }
  });
});
