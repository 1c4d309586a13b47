// Removing the Authenticode signature of a Windows executable (the certificate table at its end), on a
// minimal PE32+ image built here: the table is cut off, its directory entry and the checksum zeroed.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../../fixtures/engine";

type UnsignPe = (data: Buffer) => Buffer | undefined;
let unsignPe: UnsignPe;

const PE = 0x80;
const OPTIONAL = PE + 24;
const SECURITY = OPTIONAL + 112 + 4 * 8;

/** A PE32+ header of `length` bytes whose certificate table is `table` ([offset, size]). */
function image(length: number, table: [number, number]): Buffer {
  const data = Buffer.alloc(length, 0xab);
  data.writeUInt32LE(PE, 0x3c);
  data.writeUInt32LE(0x00004550, PE);
  data.writeUInt16LE(0x20b, OPTIONAL);
  data.writeUInt32LE(0x12345678, OPTIONAL + 64);
  data.writeUInt32LE(table[0], SECURITY);
  data.writeUInt32LE(table[1], SECURITY + 4);
  return data;
}

beforeAll(async () => {
  const url = pathToFileURL(path.join(repoRoot, "scripts", "build", "archives", "pe-unsign.mjs")).href;
  ({ unsignPe } = (await import(url)) as { unsignPe: UnsignPe });
});

describe("unsignPe", () => {
  it("cuts the certificate table off the end and zeroes its entry and the checksum", () => {
    const unsigned = unsignPe(image(0x400, [0x300, 0x100]));
    expect(unsigned?.length).toBe(0x300);
    expect([unsigned?.readUInt32LE(SECURITY), unsigned?.readUInt32LE(SECURITY + 4)]).toEqual([0, 0]);
    expect(unsigned?.readUInt32LE(OPTIONAL + 64)).toBe(0);
    expect(unsigned?.subarray(SECURITY + 8, 0x300).every((b) => b === 0xab)).toBe(true);
  });

  it("answers undefined for an image without a signature", () => {
    expect(unsignPe(image(0x400, [0, 0]))).toBeUndefined();
  });

  it("refuses a table that is not at the end, and what is not a PE32+ image", () => {
    expect(() => unsignPe(image(0x400, [0x200, 0x100]))).toThrow("not at the end");
    const pe32 = image(0x400, [0x300, 0x100]);
    pe32.writeUInt16LE(0x10b, OPTIONAL);
    expect(() => unsignPe(pe32)).toThrow("not a PE32+ image");
    expect(() => unsignPe(Buffer.alloc(0x400))).toThrow("not a PE image");
  });
});
