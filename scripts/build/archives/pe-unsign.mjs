// Removes the Authenticode signature of a Windows (PE32+) executable. Injecting the blob invalidates
// the official node.exe's signature; an unsigned file is honest where a broken signature is not (and
// postject would warn). The signature is the certificate table at the end of the file, found through
// the optional header's data directory 4; removing it is zeroing that entry and cutting the file there.

/** `data` (a PE32+ image) without its certificate table, or `undefined` if it has none. */
export function unsignPe(data) {
  const pe = data.readUInt32LE(0x3c);
  if (data.readUInt32LE(pe) !== 0x00004550) throw new Error("not a PE image (no PE signature)");
  const optional = pe + 24;
  if (data.readUInt16LE(optional) !== 0x20b) throw new Error("not a PE32+ image");
  const securityEntry = optional + 112 + 4 * 8;
  const offset = data.readUInt32LE(securityEntry);
  const size = data.readUInt32LE(securityEntry + 4);
  if (offset === 0 || size === 0) return undefined;
  if (offset + size !== data.length) throw new Error("the certificate table is not at the end of the image");
  const unsigned = Buffer.from(data.subarray(0, offset));
  unsigned.writeUInt32LE(0, securityEntry);
  unsigned.writeUInt32LE(0, securityEntry + 4);
  // The image checksum covered the signature too; 0 means "not checked" for user-mode executables.
  unsigned.writeUInt32LE(0, optional + 64);
  return unsigned;
}
