// Every release address derives from package.json's `repository`; a missing or foreign one fails naming the field.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  githubRepository,
  goModulePath,
  packageRelease,
  pluginDownloadUrl,
  repositoryUrl,
} from "../../../provider/plugin/release";
import { repoRoot } from "../../fixtures/engine";

describe("the package's release identity", () => {
  it.each([
    "git+https://github.com/acme/voice.git",
    "https://github.com/acme/voice",
    "git@github.com:acme/voice.git",
    { type: "git", url: "git+https://github.com/acme/voice.git" },
  ])("reads the GitHub repository from %j", (field) => {
    expect(githubRepository(field)).toEqual({ owner: "acme", name: "voice" });
  });

  it("derives the plugin download URL, the web address and the Go module path from it", () => {
    const repo = { owner: "acme", name: "voice" };
    expect(pluginDownloadUrl(repo)).toBe("github://api.github.com/acme/voice");
    expect(repositoryUrl(repo)).toBe("https://github.com/acme/voice");
    expect(goModulePath(repo)).toBe("github.com/acme/voice/sdks/go");
  });

  it.each([undefined, "https://gitlab.com/acme/voice", { url: 42 }])(
    "refuses %j, naming the field",
    (field) => {
      expect(() => githubRepository(field)).toThrow(
        /package\.json "repository" must name the GitHub repository/,
      );
    },
  );

  it("refuses a version that is not semantic and a missing license", () => {
    const repository = "https://github.com/acme/voice";
    expect(() => packageRelease({ version: "1.2", license: "MIT", repository })).toThrow(/"version" must be/);
    expect(() => packageRelease({ version: "1.2.3", repository })).toThrow(/"license" must be/);
  });

  it("this package names its repository once, in package.json", () => {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    const release = packageRelease(manifest);
    expect(release.version).toBe(manifest.version);
    const schema = JSON.parse(readFileSync(path.join(repoRoot, "schema.json"), "utf8"));
    expect(schema.pluginDownloadURL).toBe(pluginDownloadUrl(release.repository));
    expect(schema.language.go.importBasePath).toBe(`${goModulePath(release.repository)}/voice`);
  });
});
