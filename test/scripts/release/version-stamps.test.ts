// One version everywhere: package.json's, stamped into the lockfile, the schema and every SDK's metadata.
import { readFileSync } from "node:fs";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertOneVersion, disagreeingStamps, versionStamps } from "../../../scripts/release/version-stamps";
import { makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";

const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  version: string;
};

/** The files the stamps are read from, copied so one can be changed. */
const STAMPED = ["package.json", "package-lock.json", "schema.json", "sdks"];

describe("the version stamps", () => {
  let copy: TempDir;
  beforeAll(async () => {
    copy = await makeTempDir("pulumi-voice-stamps-");
    for (const file of STAMPED)
      await cp(path.join(repoRoot, file), path.join(copy.path, file), { recursive: true });
  });
  afterAll(() => copy?.remove());

  it("are read from the lockfile, the schema and every SDK (Node.js, Python, Go, .NET)", () => {
    const where = versionStamps(repoRoot).map((stamp) => stamp.where);
    expect(where).toEqual(
      expect.arrayContaining([
        "package-lock.json version",
        "schema.json version",
        "sdks/nodejs/package.json version",
        "sdks/python/pyproject.toml project.version",
        "sdks/python/pulumi_voice/pulumi-plugin.json version",
        "sdks/go/voice/pulumi-plugin.json version",
        "sdks/dotnet/Pulumi.Voice.csproj Version",
        "sdks/dotnet/version.txt",
      ]),
    );
  });

  it("all say package.json's version", () => {
    expect(disagreeingStamps(repoRoot, version)).toEqual([]);
    expect(() => assertOneVersion(repoRoot, version)).not.toThrow();
  });

  it("a stale one fails, naming its file and field and how to restamp", async () => {
    const pyproject = path.join(copy.path, "sdks", "python", "pyproject.toml");
    await writeFile(
      pyproject,
      (await readFile(pyproject, "utf8")).replace(`version = "${version}"`, 'version = "9.9.9"'),
    );
    const csproj = path.join(copy.path, "sdks", "dotnet", "Pulumi.Voice.csproj");
    await writeFile(csproj, (await readFile(csproj, "utf8")).replace(/<Version>[^<]*<\/Version>/, ""));
    expect(disagreeingStamps(copy.path, version)).toEqual([
      { where: "sdks/python/pyproject.toml project.version", version: "9.9.9" },
      { where: "sdks/dotnet/Pulumi.Voice.csproj Version", version: undefined },
    ]);
    expect(() => assertOneVersion(copy.path, version)).toThrow(
      /sdks\/python\/pyproject\.toml project\.version: 9\.9\.9\n.*Version: \(none\)\n.*npm run gen-sdks/,
    );
  });
});
