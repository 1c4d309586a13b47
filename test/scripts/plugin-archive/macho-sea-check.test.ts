// The structural check of a macOS single executable, on a minimal 64-bit Mach-O image built here: a
// NODE_SEA segment whose __NODE_SEA_BLOB section holds the blob, the SEA fuse, and (signed by sign.mjs) an
// ad-hoc code signature whose hashes must match every page.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../fixtures/engine";

type CheckMacSea = (data: Buffer, arch: string, blob: Buffer) => string;
let checkMacSea: CheckMacSea;
let signMachO: (data: Buffer, identifier: string) => Buffer;

const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:";
const BLOB = Buffer.from("a preparation blob");
const ARM64 = 0x0100000c;

/** Writes an LC_SEGMENT_64 command named `name` at `at` over the file range `fileoff`+`filesize`. */
function segment(data: Buffer, at: number, name: string, fileoff: number, filesize: number, sections = 0) {
  data.writeUInt32LE(0x19, at);
  data.writeUInt32LE(72 + 80 * sections, at + 4);
  data.write(name, at + 8, "latin1");
  data.writeBigUInt64LE(BigInt(fileoff), at + 40);
  data.writeBigUInt64LE(BigInt(filesize), at + 48);
  data.writeUInt32LE(sections, at + 64);
  return at + 72 + 80 * sections;
}

/** A Mach-O image for `cpuType` whose section `section` holds `blob`, signed or not, its fuse reading `fuse`. */
function image({
  cpuType = ARM64,
  section = "__NODE_SEA_BLOB",
  blob = BLOB,
  signed = true,
  fuse = "1",
} = {}) {
  const data = Buffer.alloc(0x510);
  data.writeUInt32LE(0xfeedfacf, 0);
  data.writeUInt32LE(cpuType, 4);
  data.writeUInt32LE(2, 12); // MH_EXECUTE
  data.writeUInt32LE(3, 16);
  let at = segment(data, 32, "__TEXT", 0, 0x500);
  const sea = at;
  at = segment(data, sea, "NODE_SEA", 0x200, blob.length, 1);
  const s = sea + 72;
  data.write(section, s, "latin1");
  data.write("NODE_SEA", s + 16, "latin1");
  data.writeBigUInt64LE(BigInt(blob.length), s + 40);
  data.writeUInt32LE(0x200, s + 48);
  at = segment(data, at, "__LINKEDIT", 0x500, 0x10);
  data.writeUInt32LE(at - 32, 20);
  blob.copy(data, 0x200);
  data.write(`${FUSE}${fuse}`, 0x400, "latin1");
  return signed ? signMachO(data, "image") : data;
}

beforeAll(async () => {
  const url = pathToFileURL(path.join(repoRoot, "scripts", "plugin-archive", "macho-sea-check.mjs")).href;
  ({ checkMacSea } = (await import(url)) as { checkMacSea: CheckMacSea });
  const signer = pathToFileURL(path.join(repoRoot, "scripts", "plugin-archive", "sign.mjs")).href;
  ({ signMachO } = (await import(signer)) as { signMachO: typeof signMachO });
});

describe("checkMacSea", () => {
  it("passes an arm64 image carrying the blob as NODE_SEA/__NODE_SEA_BLOB, signed ad hoc, its fuse flipped", () => {
    expect(checkMacSea(image(), "arm64", BLOB)).toBe(
      `Mach-O 64-bit arm64 (CPU type 0x100000c), section NODE_SEA/__NODE_SEA_BLOB of ${BLOB.length} bytes equal to the blob, fuse :1, signed ad hoc as image (1 pages hashed)`,
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
    // A byte changed after signing (here in the padding after the fuse): the page no longer matches.
    const changed = image();
    changed[0x450] = 1;
    expect(() => checkMacSea(changed, "arm64", BLOB)).toThrow("page 0 (offset 0) does not match its hash");
    expect(() => checkMacSea(Buffer.alloc(64), "arm64", BLOB)).toThrow("not a 64-bit Mach-O image");
  });
});
