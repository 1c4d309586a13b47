// The exported project's dependency on this package: the package the export runs from.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageSpecOf } from "../../../cli/export/package-spec";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "pulumi-voice-package-spec-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A project that installed the package, with npm's hidden lockfile recording `resolved`. */
async function installedIn(name: string, resolved: string | undefined, lock = ".package-lock.json") {
  const project = path.join(root, name);
  const dir = path.join(project, "node_modules", "pulumi-voice-platform");
  await mkdir(dir, { recursive: true });
  const entry = resolved === undefined ? { version: "0.1.0" } : { version: "0.1.0", resolved };
  const lockfile =
    lock === "package-lock.json" ? path.join(project, lock) : path.join(project, "node_modules", lock);
  await writeFile(lockfile, JSON.stringify({ packages: { "node_modules/pulumi-voice-platform": entry } }));
  return dir;
}

describe("packageSpecOf", () => {
  it("a checkout or a linked folder: file: the folder", () => {
    expect(packageSpecOf("/home/me/pulumi-voice-platform", "0.1.0")).toBe(
      "file:/home/me/pulumi-voice-platform",
    );
  });

  it("installed from a tarball: file: the tarball, absolute, from the hidden lockfile or package-lock.json", async () => {
    const dir = await installedIn("from-tarball", "file:../packs/pulumi-voice-platform-0.1.0.tgz");
    expect(packageSpecOf(dir, "0.1.0")).toBe(
      `file:${path.join(root, "packs", "pulumi-voice-platform-0.1.0.tgz")}`,
    );
    const locked = await installedIn("locked", "file:../packs/x.tgz", "package-lock.json");
    expect(packageSpecOf(locked, "0.1.0")).toBe(`file:${path.join(root, "packs", "x.tgz")}`);
  });

  it("installed from the registry, or of unknown origin: ^ its version", async () => {
    const registry = "https://registry.npmjs.org/pulumi-voice-platform/-/pulumi-voice-platform-0.1.0.tgz";
    expect(packageSpecOf(await installedIn("from-registry", registry), "0.1.0")).toBe("^0.1.0");
    expect(packageSpecOf(await installedIn("unrecorded", undefined), "0.1.0")).toBe("^0.1.0");
    expect(packageSpecOf(path.join(root, "no-lock", "node_modules", "pulumi-voice-platform"), "0.2.0")).toBe(
      "^0.2.0",
    );
  });

  it("the single executable (no package folder, only the executable's): ^ its version", () => {
    expect(packageSpecOf("/usr/local/bin", "0.1.0", true)).toBe("^0.1.0");
  });
});
