import { describe, expect, it } from "vitest";
import { findCircles } from "../../../../scripts/dev/deps/circles";
import { folderGraph } from "../../../../scripts/dev/deps/folder-graph";
import { newCircles } from "../../../../scripts/dev/deps/known-circles";

const graph = (edges: [string, string][]) => ({
  files: [...new Set(edges.flat())].sort(),
  edges: edges.map(([from, to]) => ({ from, to })),
});

describe("import circles", () => {
  it("counts one tangle once however many loops run through it", () => {
    const circles = findCircles(
      graph([
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
        ["b", "a"],
        ["c", "d"],
      ]),
    );
    expect(circles).toEqual([["a", "b", "c"]]);
  });

  it("finds a file importing itself and no circle in a chain", () => {
    expect(findCircles(graph([["a", "a"]]))).toEqual([["a"]]);
    expect(
      findCircles(
        graph([
          ["a", "b"],
          ["b", "c"],
        ]),
      ),
    ).toEqual([]);
  });

  it("lets a known circle shrink but not grow", () => {
    const known = [["x", "y", "z"]];
    expect(newCircles([["x", "y"]], known)).toEqual([]);
    expect(newCircles([["x", "y", "w"]], known)).toEqual([["x", "y", "w"]]);
  });
});

describe("folder circles", () => {
  it("counts side-by-side folders that import each other, not a folder and what it holds", () => {
    const files = graph([
      ["a/x.ts", "b/y.ts"],
      ["b/y.ts", "a/z.ts"],
      ["c/index.ts", "c/rules/r.ts"],
      ["c/rules/r.ts", "c/helper.ts"],
    ]);
    expect(findCircles(folderGraph(files))).toEqual([["a", "b"]]);
  });
});
