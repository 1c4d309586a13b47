// The structural check of a Windows single executable, on a minimal PE32+ image built here: one section
// holding a resource tree RT_RCDATA / NODE_SEA_BLOB / language → the blob, and the SEA fuse.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../fixtures/engine";

type CheckWindowsSea = (data: Buffer, arch: string, blob: Buffer) => string;
let checkWindowsSea: CheckWindowsSea;

const PE = 0x80;
const OPTIONAL = PE + 24;
const SECTION = OPTIONAL + 240;
const RSRC_FILE = 0x200;
const RSRC_RVA = 0x1000;
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:";
const BLOB = Buffer.from("a preparation blob");

/** A PE32+ image for `machine` whose resource named `name` holds `blob`, its fuse reading `fuse`. */
function image({ machine = 0xaa64, name = "NODE_SEA_BLOB", blob = BLOB, fuse = "1" } = {}): Buffer {
  const data = Buffer.alloc(0x500);
  data.writeUInt32LE(PE, 0x3c);
  data.writeUInt32LE(0x00004550, PE);
  data.writeUInt16LE(machine, PE + 4);
  data.writeUInt16LE(1, PE + 6);
  data.writeUInt16LE(240, PE + 20);
  data.writeUInt16LE(0x20b, OPTIONAL);
  data.writeUInt32LE(RSRC_RVA, OPTIONAL + 112 + 8 * 2);
  data.writeUInt32LE(0x100, OPTIONAL + 112 + 8 * 2 + 4);
  data.write(".rsrc", SECTION, "latin1");
  data.writeUInt32LE(0x100, SECTION + 8);
  data.writeUInt32LE(RSRC_RVA, SECTION + 12);
  data.writeUInt32LE(0x100, SECTION + 16);
  data.writeUInt32LE(RSRC_FILE, SECTION + 20);
  const r = (offset: number) => RSRC_FILE + offset;
  // Root: one id entry, type 10 (RT_RCDATA) → directory at 0x18.
  data.writeUInt16LE(1, r(14));
  data.writeUInt32LE(10, r(16));
  data.writeUInt32LE(0x80000018, r(20));
  // Type: one named entry (string at 0x58) → directory at 0x30.
  data.writeUInt16LE(1, r(0x18 + 12));
  data.writeUInt32LE(0x80000058, r(0x28));
  data.writeUInt32LE(0x80000030, r(0x2c));
  // Name: one language, 0x409 → data entry at 0x48.
  data.writeUInt16LE(1, r(0x30 + 14));
  data.writeUInt32LE(0x409, r(0x40));
  data.writeUInt32LE(0x48, r(0x44));
  data.writeUInt32LE(RSRC_RVA + 0x80, r(0x48));
  data.writeUInt32LE(blob.length, r(0x4c));
  data.writeUInt16LE(name.length, r(0x58));
  data.write(name, r(0x5a), "utf16le");
  blob.copy(data, r(0x80));
  data.write(`${FUSE}${fuse}`, 0x400, "latin1");
  return data;
}

beforeAll(async () => {
  const url = pathToFileURL(path.join(repoRoot, "scripts", "build", "archives", "pe-sea-check.mjs")).href;
  ({ checkWindowsSea } = (await import(url)) as { checkWindowsSea: CheckWindowsSea });
});

describe("checkWindowsSea", () => {
  it("passes an arm64 image carrying the blob as RT_RCDATA/NODE_SEA_BLOB with its fuse flipped", () => {
    expect(checkWindowsSea(image(), "arm64", BLOB)).toBe(
      `PE32+ arm64 (machine 0xaa64), resource RT_RCDATA/NODE_SEA_BLOB of ${BLOB.length} bytes equal to the blob, fuse :1, unsigned`,
    );
    expect(checkWindowsSea(image({ machine: 0x8664 }), "amd64", BLOB)).toContain("PE32+ amd64");
  });

  it("fails on another machine, a missing or different blob, and an unflipped fuse, saying which", () => {
    expect(() => checkWindowsSea(image({ machine: 0x8664 }), "arm64", BLOB)).toThrow(
      "machine 0x8664, not arm64 (0xaa64)",
    );
    expect(() => checkWindowsSea(image({ name: "NODE_SEA_BLOC" }), "arm64", BLOB)).toThrow(
      "no resource RT_RCDATA/NODE_SEA_BLOB",
    );
    expect(() => checkWindowsSea(image(), "arm64", Buffer.from("another blob"))).toThrow("is not the blob");
    expect(() => checkWindowsSea(image({ fuse: "0" }), "arm64", BLOB)).toThrow(
      'the SEA fuse reads ["0"], not ["1"]',
    );
  });
});
