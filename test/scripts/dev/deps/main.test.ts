// The import graph keeps to the house's arrows: no import runs back up and no new circle forms.
// Counted over the repository as TypeScript resolves it, so a moved file or a new import shows here.
import { describe, expect, it } from "vitest";
import { KNOWN_CIRCLES, KNOWN_FOLDER_CIRCLES } from "../../../../scripts/dev/deps/known-circles";
import { countDeps } from "../../../../scripts/dev/deps/main";
import { repoRoot } from "../../../fixtures/engine";

describe("the repository's import graph", () => {
  const report = countDeps(repoRoot);

  it("spans the repository's TypeScript", () => {
    expect(report.files).toBeGreaterThan(300);
    expect(report.imports).toBeGreaterThan(report.files);
  });

  it("has no import against the house's arrows", () => {
    expect(report.backEdges).toEqual([]);
  });

  it("has no circle but the known ones in the provider", () => {
    expect(report.newCircles).toEqual([]);
    for (const circle of KNOWN_CIRCLES)
      expect(circle.every((file) => file.startsWith("provider/"))).toBe(true);
  });

  it("has no circle between folders but the known one in the provider", () => {
    expect(report.newFolderCircles).toEqual([]);
    for (const circle of KNOWN_FOLDER_CIRCLES)
      expect(circle.every((folder) => folder.startsWith("provider/"))).toBe(true);
  });

  it("has no circle at all, of files or of folders, and tolerates none in the provider", () => {
    expect(report.circles).toEqual([]);
    expect(report.folderCircles).toEqual([]);
    expect(
      [...KNOWN_CIRCLES, ...KNOWN_FOLDER_CIRCLES].filter((c) => c.some((f) => f.startsWith("provider"))),
    ).toEqual([]);
  });
});
