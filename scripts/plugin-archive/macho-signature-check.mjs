// Reads back the code signature of a 64-bit Mach-O image and checks it the way the kernel does when it
// loads the pages: the CodeDirectory's hash of every page up to the signature, and of each special blob
// it lists, must be the content's. Written apart from the signer (sign.mjs): it parses, it never builds.
import { createHash } from "node:crypto";

const MH_MAGIC_64 = 0xfeedfacf;
const LC_CODE_SIGNATURE = 0x1d;
const EMBEDDED_SIGNATURE = 0xfade0cc0;
const CODE_DIRECTORY = 0xfade0c02;
const CS_ADHOC = 0x2;
const HASHES = { 1: "sha1", 2: "sha256" };
const EXTERNAL_SLOTS = new Set([1, 3]);

/**
 * The code signature of the Mach-O image `data`, checked: its identifier, flags, pages and the slots of the
 * SuperBlob. Throws, saying what is wrong, when there is none, when it is not a SuperBlob holding a
 * CodeDirectory, or when a page or special blob does not match its hash.
 */
export function checkCodeSignature(data) {
  if (data.readUInt32LE(0) !== MH_MAGIC_64) throw new Error("not a 64-bit Mach-O image");
  let command;
  for (let at = 32, i = 0; i < data.readUInt32LE(16); i++, at += data.readUInt32LE(at + 4))
    if (data.readUInt32LE(at) === LC_CODE_SIGNATURE) command = at;
  if (command === undefined) throw new Error("no code signature (LC_CODE_SIGNATURE)");
  const dataoff = data.readUInt32LE(command + 8);
  const datasize = data.readUInt32LE(command + 12);
  if (dataoff + datasize > data.length) throw new Error("the code signature runs past the end of the file");
  const superBlob = data.subarray(dataoff, dataoff + datasize);
  if (superBlob.readUInt32BE(0) !== EMBEDDED_SIGNATURE)
    throw new Error("the code signature is not a SuperBlob");
  const blobs = new Map();
  for (let i = 0; i < superBlob.readUInt32BE(8); i++) {
    const offset = superBlob.readUInt32BE(16 + 8 * i);
    blobs.set(
      superBlob.readUInt32BE(12 + 8 * i),
      superBlob.subarray(offset, offset + superBlob.readUInt32BE(offset + 4)),
    );
  }
  const cd = blobs.get(0);
  if (!cd || cd.readUInt32BE(0) !== CODE_DIRECTORY) throw new Error("the SuperBlob holds no CodeDirectory");
  const flags = cd.readUInt32BE(12);
  const hashOffset = cd.readUInt32BE(16);
  const identifier = cd.toString("utf8", cd.readUInt32BE(20), cd.indexOf(0, cd.readUInt32BE(20)));
  const specialSlots = cd.readUInt32BE(24);
  const pages = cd.readUInt32BE(28);
  const codeLimit = cd.readUInt32BE(32) || Number(cd.readBigUInt64BE(56));
  const hashSize = cd.readUInt8(36);
  const hash = HASHES[cd.readUInt8(37)];
  const pageSize = 2 ** cd.readUInt8(39);
  if (!hash) throw new Error(`the CodeDirectory's hash type ${cd.readUInt8(37)} is not SHA-1 or SHA-256`);
  const digest = (bytes) => createHash(hash).update(bytes).digest();
  if (codeLimit !== dataoff)
    throw new Error(`the CodeDirectory's code limit ${codeLimit} is not the signature's offset ${dataoff}`);
  if (pages !== Math.ceil(codeLimit / pageSize))
    throw new Error(
      `the CodeDirectory lists ${pages} pages, not the ${Math.ceil(codeLimit / pageSize)} up to the signature`,
    );
  for (let page = 0; page < pages; page++) {
    const content = data.subarray(page * pageSize, Math.min((page + 1) * pageSize, codeLimit));
    if (
      !digest(content).equals(cd.subarray(hashOffset + page * hashSize, hashOffset + (page + 1) * hashSize))
    )
      throw new Error(`page ${page} (offset ${page * pageSize}) does not match its hash`);
  }
  for (let slot = 1; slot <= specialSlots; slot++) {
    const listed = cd.subarray(hashOffset - slot * hashSize, hashOffset - (slot - 1) * hashSize);
    const blob = blobs.get(slot);
    // Info.plist (1) and the resource seal (3) live outside the signature: their hashes cannot be checked here.
    if (!blob && EXTERNAL_SLOTS.has(slot)) continue;
    if (blob ? !digest(blob).equals(listed) : listed.some((b) => b !== 0))
      throw new Error(`special slot ${slot} does not match ${blob ? "its blob" : "an absent blob (zeros)"}`);
  }
  return { identifier, adHoc: (flags & CS_ADHOC) !== 0, pages, slots: [...blobs.keys()] };
}
