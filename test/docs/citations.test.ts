// Source and documentation speak of the product: no tracker numbers, no planning notes kept outside
// the repository, nothing about the machine a build happened to run on (kernel release strings,
// what a Go module proxy served to it).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../fixtures/engine";

const FOLDERS = [
  "sdk",
  "provider",
  "policy",
  "policy-pack",
  "emulator",
  "cli",
  "bench",
  "estate",
  "scripts",
  "docs",
  "examples",
  "README.md",
];

const CITATIONS: readonly [string, RegExp][] = [
  ["an issue number", /\bissues? #?\d+\b/i],
  ["the issue", /\b(?:the|this) issue(?:'s)? (?!path|code|message|list)/i],
  ["a planning document", /\bDESIGN\.md\b|(?<![\w.-])shared\//],
  ["the build machines", /\bthese machines\b/i],
  ["a kernel release", /\bLinux \d+\.\d+\.\d+/],
  [
    "what a proxy served here",
    /\b(module proxy|proxy)\b[^.\n]*\bhere\b|\b(?:not served|cannot be built) here\b/i,
  ],
];

/** Every tracked text file under the product's folders, with each line that cites one of the above. */
function citations(): string[] {
  const files = execFileSync("git", ["ls-files", "-z", "--", ...FOLDERS], { cwd: repoRoot, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && !/\.(svg|png|sum)$/.test(file));
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(repoRoot, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const [what, pattern] of CITATIONS)
        if (pattern.test(line)) found.push(`${file}:${i + 1} cites ${what}`);
    });
  }
  return found;
}

describe("citations", () => {
  it("no source or document cites an issue, a planning note or the build machine", () => {
    expect(citations()).toEqual([]);
  });
});
