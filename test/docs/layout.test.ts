// The documentation's shape: a short README that leads into docs/, laid out as the Pulumi Registry
// renders a provider's docs (an _index.md with front matter and one example per language, an
// installation-configuration.md), the benchmarks' tables in bench/README.md, and no page that
// speaks of how the product was built rather than of the product.
import { describe, expect, it } from "vitest";
import { codeBlocks, docFiles, links, readDoc } from "../fixtures/markdown";

/** The guides a newcomer reaches from the README. */
const GUIDES = [
  "docs/_index.md",
  "docs/installation-configuration.md",
  "docs/resources.md",
  "docs/drift-and-reports.md",
  "docs/reviewing-changes.md",
  "docs/adopting-and-exporting.md",
  "docs/failures-and-recover.md",
  "docs/policy-pack.md",
  "docs/native-provider.md",
  "docs/emulator.md",
  "docs/development.md",
  "bench/README.md",
];

describe("the documentation's layout", () => {
  it("the README is at most 250 lines and links every guide", () => {
    const readme = readDoc("README.md");
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
    const targets = links("README.md").map((l) => l.target.split("#")[0]);
    for (const guide of GUIDES) expect(targets, guide).toContain(guide);
  });

  it.each(["docs/_index.md", "docs/installation-configuration.md"])(
    "%s opens with the Registry's front matter",
    (file) => {
      expect(readDoc(file)).toMatch(/^---\ntitle: .+\nmeta_desc: .+\n(?:.+\n)*---\n/);
    },
  );

  it("docs/_index.md shows an example in each language", () => {
    const langs = codeBlocks("docs/_index.md").map((b) => b.lang);
    expect(langs).toEqual(expect.arrayContaining(["ts", "yaml", "python", "go", "java", "csharp"]));
  });

  it("the performance tables are in bench/, each suite's beside it, not in the README", () => {
    expect(readDoc("bench/scale/README.md")).toMatch(/^# Native vs dynamic at scale$/m);
    expect(readDoc("README.md")).not.toMatch(/^\|.*native ÷ dynamic/m);
  });

  it.each(docFiles())("%s cites no issue, house plan or build machine", (file) => {
    const text = readDoc(file);
    expect(text).not.toMatch(
      /\bissue #?\d+|DESIGN\.md|\bshared\/|fc-v\d+|these machines|this (?:2-core |build )?machine/i,
    );
  });
});
