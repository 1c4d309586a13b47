// A structural check of a macOS single executable, which cannot run where it is built: a 64-bit Mach-O
// image for the platform's CPU, carrying the blob as the section Node.js looks up at start-up
// (segment NODE_SEA, section __NODE_SEA_BLOB), its fuse flipped to `:1`, and a code signature whose
// hashes match every page (macOS runs no unsigned arm64 code, and kills a process whose page does not
// match its signature).

import { checkCodeSignature } from "./macho-signature-check.mjs";
import { checkCarried, fuseStates, hex } from "./sea-check.mjs";

const CPU_TYPES = { amd64: 0x01000007, arm64: 0x0100000c };
const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;

/** A fixed-width, NUL-padded name of a load command or section. */
const name16 = (data, at) => data.toString("latin1", at, at + 16).replace(/\0+$/, "");

/**
 * What the Mach-O image `data` is: its CPU type, the `NODE_SEA/__NODE_SEA_BLOB` section's bytes (or
 * undefined) and the fuse's states. Throws on what is not a 64-bit Mach-O image.
 */
export function inspectMachO(data) {
  if (data.readUInt32LE(0) !== MH_MAGIC_64) throw new Error("not a 64-bit Mach-O image");
  const cpuType = data.readUInt32LE(4);
  const commands = data.readUInt32LE(16);
  let blob;
  for (let at = 32, i = 0; i < commands; i++) {
    const command = data.readUInt32LE(at);
    if (command === LC_SEGMENT_64 && name16(data, at + 8) === "NODE_SEA") {
      const sections = data.readUInt32LE(at + 64);
      for (let s = at + 72, j = 0; j < sections; j++, s += 80)
        if (name16(data, s) === "__NODE_SEA_BLOB") {
          const size = Number(data.readBigUInt64LE(s + 40));
          const offset = data.readUInt32LE(s + 48);
          blob = data.subarray(offset, offset + size);
        }
    }
    at += data.readUInt32LE(at + 4);
  }
  return { cpuType, blob, fuses: fuseStates(data) };
}

/**
 * Checks the macOS executable `data` for `arch` carries exactly `blob`, its fuse flipped and a valid ad-hoc
 * code signature; answers a one-line summary, or throws naming what is wrong.
 */
export function checkMacSea(data, arch, blob) {
  const found = inspectMachO(data);
  const wanted = CPU_TYPES[arch];
  if (found.cpuType !== wanted)
    throw new Error(`CPU type ${hex(found.cpuType)}, not ${arch} (${hex(wanted)})`);
  checkCarried(found, blob, {
    missing: "no section NODE_SEA/__NODE_SEA_BLOB",
    named: "the section NODE_SEA/__NODE_SEA_BLOB",
  });
  const signature = checkCodeSignature(data);
  if (!signature.adHoc) throw new Error("the code signature is not ad hoc");
  return `Mach-O 64-bit ${arch} (CPU type ${hex(found.cpuType)}), section NODE_SEA/__NODE_SEA_BLOB of ${found.blob.length} bytes equal to the blob, fuse :1, signed ad hoc as ${signature.identifier} (${signature.pages} pages hashed)`;
}
