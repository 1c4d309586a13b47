// A structural check of a Windows single executable, for the platforms whose executables cannot run
// where they are built: a PE32+ image for the platform's machine, carrying the blob as the resource
// Node.js looks up at start-up (type RT_RCDATA, name NODE_SEA_BLOB), and its fuse flipped to `:1`
// (with `:0`, Node.js starts as plain `node` and ignores the blob).

import { checkCarried, fuseStates, hex } from "./sea-check.mjs";

const MACHINES = { amd64: 0x8664, arm64: 0xaa64 };
const RT_RCDATA = 10;

/** The file offset of the relative virtual address `rva`, through the section table. */
function fileOffset(sections, rva) {
  for (const { virtualAddress, virtualSize, rawOffset } of sections)
    if (rva >= virtualAddress && rva < virtualAddress + virtualSize) return rawOffset + rva - virtualAddress;
  throw new Error(`RVA 0x${rva.toString(16)} lies in no section`);
}

/** The entries of the resource directory at `offset` (within the resource section at `base`). */
function directoryEntries(data, base, offset) {
  const at = base + offset;
  const count = data.readUInt16LE(at + 12) + data.readUInt16LE(at + 14);
  return Array.from({ length: count }, (_, i) => {
    const entry = at + 16 + 8 * i;
    const name = data.readUInt32LE(entry);
    const target = data.readUInt32LE(entry + 4);
    const key =
      name & 0x80000000
        ? data.toString(
            "utf16le",
            base + (name & 0x7fffffff) + 2,
            base + (name & 0x7fffffff) + 2 + 2 * data.readUInt16LE(base + (name & 0x7fffffff)),
          )
        : name;
    return { key, subdirectory: (target & 0x80000000) !== 0, offset: target & 0x7fffffff };
  });
}

/**
 * What the PE image `data` is: its format, machine, the NODE_SEA_BLOB resource's bytes (or undefined),
 * the fuse's states and whether it carries a certificate table. Throws on what is not PE32+.
 */
export function inspectPe(data) {
  const pe = data.readUInt32LE(0x3c);
  if (data.readUInt32LE(pe) !== 0x00004550) throw new Error("not a PE image (no PE signature)");
  const machine = data.readUInt16LE(pe + 4);
  const sectionCount = data.readUInt16LE(pe + 6);
  const optionalSize = data.readUInt16LE(pe + 20);
  const optional = pe + 24;
  if (data.readUInt16LE(optional) !== 0x20b) throw new Error("not a PE32+ image");
  const sections = Array.from({ length: sectionCount }, (_, i) => {
    const s = optional + optionalSize + 40 * i;
    return {
      virtualSize: Math.max(data.readUInt32LE(s + 8), data.readUInt32LE(s + 16)),
      virtualAddress: data.readUInt32LE(s + 12),
      rawOffset: data.readUInt32LE(s + 20),
    };
  });
  const directory = (index) => data.readUInt32LE(optional + 112 + 8 * index);
  let blob;
  const resourceRva = directory(2);
  if (resourceRva !== 0) {
    const base = fileOffset(sections, resourceRva);
    const rcdata = directoryEntries(data, base, 0).find((e) => e.key === RT_RCDATA && e.subdirectory);
    const named =
      rcdata && directoryEntries(data, base, rcdata.offset).find((e) => e.key === "NODE_SEA_BLOB");
    const language = named?.subdirectory ? directoryEntries(data, base, named.offset)[0] : undefined;
    if (language && !language.subdirectory) {
      const entry = base + language.offset;
      const start = fileOffset(sections, data.readUInt32LE(entry));
      blob = data.subarray(start, start + data.readUInt32LE(entry + 4));
    }
  }
  return { format: "PE32+", machine, blob, fuses: fuseStates(data), signed: directory(4) !== 0 };
}

/**
 * Checks the Windows executable `data` for `arch` carries exactly `blob` and its fuse flipped; answers a
 * one-line summary, or throws naming what is wrong.
 */
export function checkWindowsSea(data, arch, blob) {
  const found = inspectPe(data);
  const wanted = MACHINES[arch];
  if (found.machine !== wanted)
    throw new Error(`machine ${hex(found.machine)}, not ${arch} (${hex(wanted)})`);
  checkCarried(found, blob, {
    missing: "no resource RT_RCDATA/NODE_SEA_BLOB",
    named: "the NODE_SEA_BLOB resource",
  });
  return `${found.format} ${arch} (machine ${hex(found.machine)}), resource RT_RCDATA/NODE_SEA_BLOB of ${found.blob.length} bytes equal to the blob, fuse :1, ${found.signed ? "signed" : "unsigned"}`;
}
