// One file out of a zip archive (a Python wheel), read through its central directory: stored or
// deflated entries of archives under 4 GiB, which is what a wheel holding a Node.js binary is.
import { inflateRawSync } from "node:zlib";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The bytes of the entry named `name` in the zip archive `data`; an error naming it when it is absent. */
export function zipEntry(data, name) {
  // The end record is the last 22 bytes, unless a comment (at most 64 KiB) follows it.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--)
    if (data.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  if (end === -1) throw new Error("not a zip archive (no end of central directory)");
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error(`zip: no central header at ${at}`);
    const method = data.readUInt16LE(at + 10);
    const compressed = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const skip = nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    if (data.toString("utf8", at + 46, at + 46 + nameLength) === name) {
      if (data.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`zip: no local header for ${name}`);
      const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
      const stored = data.subarray(start, start + compressed);
      if (method === 0) return Buffer.from(stored);
      if (method !== 8) throw new Error(`zip: ${name} is compressed with method ${method}, not deflate`);
      const bytes = inflateRawSync(stored);
      if (bytes.length !== size)
        throw new Error(`zip: ${name} inflates to ${bytes.length} bytes, not ${size}`);
      return bytes;
    }
    at += 46 + skip;
  }
  throw new Error(`zip: no entry ${name}`);
}
