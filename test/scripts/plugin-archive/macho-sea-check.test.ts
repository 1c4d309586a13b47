// The structural check of a macOS single executable, on a minimal 64-bit Mach-O image built here: a
// NODE_SEA segment whose __NODE_SEA_BLOB section holds the blob, a code signature command, the SEA fuse.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../fixtures/engine";

type CheckMacSea = (data: Buffer, arch: string, blob: Buffer) => string;
let checkMacSea: CheckMacSea;

const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:";
const BLOB = Buffer.from("a preparation blob");
const ARM64 = 0x0100000c;

/** A Mach-O image for `cpuType` whose section `section` holds `blob`, signed or not, its fuse reading `fuse`. */
function image({
  cpuType = ARM64,
  section = "__NODE_SEA_BLOB",
  blob = BLOB,
  signed = true,
  fuse = "1",
} = {}) {
  const data = Buffer.alloc(0x500);
  data.writeUInt32LE(0xfeedfacf, 0);
  data.writeUInt32LE(cpuType, 4);
  data.writeUInt32LE(signed ? 2 : 1, 16);
  const segment = 32;
  data.writeUInt32LE(0x19, segment);
  data.writeUInt32LE(72 + 80, segment + 4);
  data.write("NODE_SEA", segment + 8, "latin1");
  data.writeUInt32LE(1, segment + 64);
  const s = segment + 72;
  data.write(section, s, "latin1");
  data.write("NODE_SEA", s + 16, "latin1");
  data.writeBigUInt64LE(BigInt(blob.length), s + 40);
  data.writeUInt32LE(0x200, s + 48);
  if (signed) {
    data.writeUInt32LE(0x1d, s + 80);
    data.writeUInt32LE(16, s + 84);
  }
  blob.copy(data, 0x200);
  data.write(`${FUSE}${fuse}`, 0x400, "latin1");
  return data;
}

beforeAll(async () => {
  const url = pathToFileURL(path.join(repoRoot, "scripts", "plugin-archive", "macho-sea-check.mjs")).href;
  ({ checkMacSea } = (await import(url)) as { checkMacSea: CheckMacSea });
});

describe("checkMacSea", () => {
  it("passes an arm64 image carrying the blob as NODE_SEA/__NODE_SEA_BLOB, signed, its fuse flipped", () => {
    expect(checkMacSea(image(), "arm64", BLOB)).toBe(
      `Mach-O 64-bit arm64 (CPU type 0x100000c), section NODE_SEA/__NODE_SEA_BLOB of ${BLOB.length} bytes equal to the blob, fuse :1, signed`,
    );
    expect(checkMacSea(image({ cpuType: 0x01000007 }), "amd64", BLOB)).toContain("Mach-O 64-bit amd64");
  });

  it("fails on another CPU, a missing or different blob, an unflipped fuse and no signature, saying which", () => {
    expect(() => checkMacSea(image({ cpuType: 0x01000007 }), "arm64", BLOB)).toThrow(
      "CPU type 0x1000007, not arm64 (0x100000c)",
    );
    expect(() => checkMacSea(image({ section: "__NODE_SEA_BLOC" }), "arm64", BLOB)).toThrow(
      "no section NODE_SEA/__NODE_SEA_BLOB",
    );
    expect(() => checkMacSea(image(), "arm64", Buffer.from("another blob"))).toThrow("is not the blob");
    expect(() => checkMacSea(image({ fuse: "0" }), "arm64", BLOB)).toThrow(
      'the SEA fuse reads ["0"], not ["1"]',
    );
    expect(() => checkMacSea(image({ signed: false }), "arm64", BLOB)).toThrow(
      "no code signature (LC_CODE_SIGNATURE)",
    );
    expect(() => checkMacSea(Buffer.alloc(64), "arm64", BLOB)).toThrow("not a 64-bit Mach-O image");
  });
});
