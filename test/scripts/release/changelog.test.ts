// The release notes are the changelog's section for the version; the committed changelog has one for this version.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changelogSections, releaseNotes } from "../../../scripts/release/changelog";
import { repoRoot } from "../../fixtures/engine";

const CHANGELOG = `# Changelog

## [Unreleased]

- Next thing.

## [1.1.0] - 2026-12-01

### Fixed

- A bug.

## [1.0.0] - 2026-11-01

### Added

- Everything.

## [0.9.0]

[Unreleased]: https://github.com/acme/voice/compare/v1.1.0...HEAD
[1.1.0]: https://github.com/acme/voice/releases/tag/v1.1.0
`;

describe("the changelog", () => {
  it("reads the sections in order, each with its date", () => {
    expect(changelogSections(CHANGELOG).map(({ name, date }) => [name, date])).toEqual([
      ["Unreleased", undefined],
      ["1.1.0", "2026-12-01"],
      ["1.0.0", "2026-11-01"],
      ["0.9.0", undefined],
    ]);
  });

  it("a version's notes are its section only, without the link references", () => {
    expect(releaseNotes(CHANGELOG, "1.1.0")).toBe("### Fixed\n\n- A bug.\n");
    expect(releaseNotes(CHANGELOG, "1.0.0")).toBe("### Added\n\n- Everything.\n");
  });

  it("a missing, undated or empty section fails, naming the rule", () => {
    expect(() => releaseNotes(CHANGELOG, "2.0.0")).toThrow(/no "## \[2\.0\.0\] - YYYY-MM-DD" section/);
    expect(() => releaseNotes(CHANGELOG, "0.9.0")).toThrow(/\[0\.9\.0\] has no date/);
    expect(() => releaseNotes(CHANGELOG.replace("- Everything.", ""), "1.0.0")).toThrow(
      /\[1\.0\.0\] is empty/,
    );
  });

  it("CHANGELOG.md has the notes of package.json's version, and links it to its release", () => {
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
      version: string;
    };
    const text = readFileSync(path.join(repoRoot, "CHANGELOG.md"), "utf8");
    expect(releaseNotes(text, version).length).toBeGreaterThan(100);
    expect(text).toContain(
      `[${version}]: https://github.com/pulumi-voice-platform/pulumi-voice-platform/releases/tag/v${version}`,
    );
  });
});
