// The folder users point `--policy-pack` at: what the engine and @pulumi/policy read from it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/engine";

const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

describe("policy-pack/", () => {
  it("carries the package's version, which @pulumi/policy reports from the pack folder's package.json", () => {
    expect(JSON.parse(read("policy-pack/package.json")).version).toBe(
      JSON.parse(read("package.json")).version,
    );
  });

  it("is a Node.js pack whose entry point loads the compiled pack shipped beside it", () => {
    expect(read("policy-pack/PulumiPolicy.yaml")).toMatch(/^runtime: nodejs$/m);
    expect(JSON.parse(read("policy-pack/package.json")).main).toBe("index.js");
    expect(read("policy-pack/index.js")).toContain('require("../dist/policy/pack")');
    expect(JSON.parse(read("package.json")).files).toEqual(
      expect.arrayContaining(["dist/policy", "policy-pack"]),
    );
  });
});
