// Every relative link and `#anchor` in the user documentation (README.md, docs/**/*.md,
// bench/README.md) leads somewhere: the file or folder exists, and an anchor names a heading of
// the target as GitHub slugs it (or an HTML id).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/engine";
import { anchors, docFiles, type Link, links, readDoc, slug } from "../fixtures/markdown";

/** What is wrong with `link`, or undefined when it resolves. */
function problem(link: Link): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return undefined; // https:, mailto: …: not ours to check
  const [rawPath = "", rawAnchor] = link.target.split("#", 2);
  const target = rawPath === "" ? link.file : path.join(path.dirname(link.file), decodeURI(rawPath));
  const absolute = path.join(repoRoot, target);
  if (path.relative(repoRoot, absolute).startsWith("..")) return `${target} is outside the repository`;
  if (!existsSync(absolute)) return `${target} does not exist`;
  if (rawAnchor === undefined) return undefined;
  if (statSync(absolute).isDirectory() || !target.endsWith(".md"))
    return `#${rawAnchor}: ${target} has no anchors`;
  const anchor = decodeURIComponent(rawAnchor);
  return anchors(readDoc(target)).has(anchor) ? undefined : `${target} has no heading #${anchor}`;
}

describe("links in the documentation", () => {
  it("slugs headings the way GitHub does", () => {
    expect(slug("After an interrupted `pulumi up`")).toBe("after-an-interrupted-pulumi-up");
    expect(slug("Guardrails (policy pack)")).toBe("guardrails-policy-pack");
    expect(slug("Explicit providers: many organizations in one program")).toBe(
      "explicit-providers-many-organizations-in-one-program",
    );
    expect(slug("Admin surface (`/_emulator/…`, outside the platform API)")).toBe(
      "admin-surface-_emulator-outside-the-platform-api",
    );
    expect([...anchors("# Go\n\n## Go\n\n```sh\n# not a heading\n```\n")]).toEqual(["go", "go-1"]);
  });

  it("finds the links, a dead anchor and a missing file", () => {
    expect(links("README.md").map((l) => l.target)).toEqual(
      expect.arrayContaining([
        "docs/_index.md",
        "examples/quickstart/index.ts",
        "docs/drift-and-reports.md#drift-detection",
      ]),
    );
    expect(problem({ file: "README.md", line: 1, target: "#no-such-section" })).toMatch(/no heading/);
    expect(problem({ file: "README.md", line: 1, target: "docs/nothing.md" })).toMatch(/does not exist/);
    expect(
      problem({ file: "docs/emulator.md", line: 1, target: "../README.md#against-the-emulator" }),
    ).toBeUndefined();
    expect(problem({ file: "bench/README.md", line: 1, target: "../docs/bench-scale.svg" })).toBeUndefined();
  });

  it("covers the README, every page of docs/ and the benchmarks' README", () => {
    expect(docFiles()).toEqual(
      expect.arrayContaining([
        "README.md",
        "bench/README.md",
        "docs/_index.md",
        "docs/installation-configuration.md",
        "docs/resources.md",
        "docs/emulator.md",
      ]),
    );
  });

  it.each(docFiles())("every relative link and anchor in %s resolves", (file) => {
    const broken = links(file).flatMap((link) => {
      const why = problem(link);
      return why ? [`${link.file}:${link.line}: (${link.target}) ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
