// Ad-hoc signing of the macOS executables. macOS runs no unsigned arm64 code, and injecting the blob
// breaks the official binary's signature, so each darwin executable is signed again, ad hoc (no identity:
// Gatekeeper still asks a user who downloaded it by browser; `pulumi plugin install` does not set the
// quarantine flag). An ad-hoc signature is data, not cryptography: a SuperBlob in __LINKEDIT holding a
// CodeDirectory (SHA-256 of every 4 KiB page up to the signature, and of the other blobs), an empty
// requirement set and an empty CMS wrapper, named by an LC_CODE_SIGNATURE load command. This writes what
// `rcodesign sign` (crate apple-codesign 0.29) writes for an unsigned thin 64-bit Mach-O, byte for byte
// (test/scripts/plugin-archive/sign.test.ts holds its output), in well under a second and with no tool to
// build. See Apple's Technical Note TN2206 and xnu's osfmk/kern/cs_blobs.h for the structures.
import { createHash } from "node:crypto";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename } from "node:path";

const MH_MAGIC_64 = 0xfeedfacf;
const MH_EXECUTE = 2;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const LINKEDIT_COMMAND_SIZE = 16;
const SEGMENT_COMMAND_SIZE = 72;

const EMBEDDED_SIGNATURE = 0xfade0cc0;
const CODE_DIRECTORY = 0xfade0c02;
const REQUIREMENTS = 0xfade0c01;
const BLOB_WRAPPER = 0xfade0b01;
const SLOT_CODE_DIRECTORY = 0;
const SLOT_REQUIREMENTS = 2;
const SLOT_SIGNATURE = 0x10000;
/** CodeDirectory version 0x20400: the first with the executable segment fields. */
const CD_VERSION = 0x20400;
const CD_HEADER = 88;
const CS_ADHOC = 0x2;
const EXECSEG_MAIN_BINARY = 0x1;
const HASH_SHA256 = 2;
const HASH_SIZE = 32;
const PAGE = 4096;
/** The special slots a CodeDirectory lists (Info.plist, requirements): their hashes come before the pages'. */
const SPECIAL_SLOTS = 2;

const sha256 = (data) => createHash("sha256").update(data).digest();
const name16 = (data, at) => data.toString("latin1", at, at + 16).replace(/\0+$/, "");
const align = (n, to) => (n % to === 0 ? n : n + to - (n % to));

/**
 * The load commands of the thin 64-bit little-endian Mach-O image `data` that signing reads: its segments
 * (with their first section's file offset), the code signature command, and where the commands end.
 */
export function machOLayout(data) {
  if (data.length < 32 || data.readUInt32LE(0) !== MH_MAGIC_64)
    throw new Error("not a thin 64-bit Mach-O image (a universal binary is signed per architecture)");
  const layout = {
    filetype: data.readUInt32LE(12),
    segments: [],
    signature: undefined,
    firstSection: Infinity,
  };
  const ncmds = data.readUInt32LE(16);
  let at = 32;
  for (let i = 0; i < ncmds; i++) {
    const cmd = data.readUInt32LE(at);
    const size = data.readUInt32LE(at + 4);
    if (cmd === LC_SEGMENT_64) {
      const segment = {
        command: at,
        name: name16(data, at + 8),
        fileoff: Number(data.readBigUInt64LE(at + 40)),
        filesize: Number(data.readBigUInt64LE(at + 48)),
      };
      layout.segments.push(segment);
      const sections = data.readUInt32LE(at + 64);
      if (sections > 0 && layout.firstSection === Infinity)
        layout.firstSection = data.readUInt32LE(at + SEGMENT_COMMAND_SIZE + 48);
    }
    if (cmd === LC_CODE_SIGNATURE)
      layout.signature = {
        command: at,
        dataoff: data.readUInt32LE(at + 8),
        datasize: data.readUInt32LE(at + 12),
      };
    at += size;
  }
  layout.commandsEnd = at;
  layout.text = layout.segments.find((s) => s.name === "__TEXT");
  layout.linkedit = layout.segments.find((s) => s.name === "__LINKEDIT");
  if (!layout.text) throw new Error("no __TEXT segment");
  if (!layout.linkedit) throw new Error("no __LINKEDIT segment");
  const last = layout.segments.filter((s) => s.filesize > 0).sort((a, b) => b.fileoff - a.fileoff)[0];
  if (last !== layout.linkedit) throw new Error("__LINKEDIT is not the last segment in the file");
  return layout;
}

/** The empty requirement set: no designated requirement, as `codesign -s -` and rcodesign write it. */
function requirementSet() {
  const blob = Buffer.alloc(12);
  blob.writeUInt32BE(REQUIREMENTS, 0);
  blob.writeUInt32BE(12, 4);
  return blob;
}

/** The CodeDirectory of `image` (signed up to `codeLimit`) for `identifier`, its special slots holding `requirements`' hash. */
function codeDirectory(image, codeLimit, identifier, layout, requirements) {
  const pages = Math.ceil(codeLimit / PAGE);
  const ident = Buffer.from(`${identifier}\0`, "utf8");
  const hashOffset = CD_HEADER + ident.length + SPECIAL_SLOTS * HASH_SIZE;
  const cd = Buffer.alloc(hashOffset + pages * HASH_SIZE);
  cd.writeUInt32BE(CODE_DIRECTORY, 0);
  cd.writeUInt32BE(cd.length, 4);
  cd.writeUInt32BE(CD_VERSION, 8);
  cd.writeUInt32BE(CS_ADHOC, 12);
  cd.writeUInt32BE(hashOffset, 16);
  cd.writeUInt32BE(CD_HEADER, 20);
  cd.writeUInt32BE(SPECIAL_SLOTS, 24);
  cd.writeUInt32BE(pages, 28);
  const limit64 = codeLimit > 0xffffffff;
  cd.writeUInt32BE(limit64 ? 0 : codeLimit, 32);
  cd.writeUInt8(HASH_SIZE, 36);
  cd.writeUInt8(HASH_SHA256, 37);
  cd.writeUInt8(0, 38); // platform
  cd.writeUInt8(Math.log2(PAGE), 39);
  // 40 spare2, 44 scatter offset, 48 team offset, 52 spare3: zero.
  cd.writeBigUInt64BE(BigInt(limit64 ? codeLimit : 0), 56);
  const { text } = layout;
  cd.writeBigUInt64BE(BigInt(text.fileoff), 64);
  cd.writeBigUInt64BE(BigInt(text.fileoff + text.filesize), 72);
  cd.writeBigUInt64BE(BigInt(layout.filetype === MH_EXECUTE ? EXECSEG_MAIN_BINARY : 0), 80);
  ident.copy(cd, CD_HEADER);
  // Special slots count down from the code hashes: slot 2 (requirements), then slot 1 (no Info.plist).
  sha256(requirements).copy(cd, hashOffset - SLOT_REQUIREMENTS * HASH_SIZE);
  for (let page = 0; page < pages; page++)
    sha256(image.subarray(page * PAGE, Math.min((page + 1) * PAGE, codeLimit))).copy(
      cd,
      hashOffset + page * HASH_SIZE,
    );
  return cd;
}

/** The SuperBlob of `blobs` (`[slot, bytes]`, in slot order). */
function superBlob(blobs) {
  const header = Buffer.alloc(12 + 8 * blobs.length);
  header.writeUInt32BE(EMBEDDED_SIGNATURE, 0);
  let offset = header.length;
  blobs.forEach(([slot, bytes], i) => {
    header.writeUInt32BE(slot, 12 + 8 * i);
    header.writeUInt32BE(offset, 16 + 8 * i);
    offset += bytes.length;
  });
  header.writeUInt32BE(offset, 4);
  header.writeUInt32BE(blobs.length, 8);
  return Buffer.concat([header, ...blobs.map(([, bytes]) => bytes)]);
}

/**
 * The signature's size, fixed before the hashes are taken (the load commands, which are hashed, name it):
 * rcodesign's estimate, so that the output is its, byte for byte.
 */
function reservedSize(codeLimit, requirements) {
  const size = 1024 + Math.ceil(codeLimit / PAGE) * HASH_SIZE + requirements.length + 4096;
  return size + 1024 - (size % 1024);
}

/**
 * `data` (a thin 64-bit Mach-O image, signed or not) signed ad hoc as `identifier`: a new buffer. Any
 * signature it had is replaced; without one, a load command is added in the room after the commands.
 */
export function signMachO(data, identifier) {
  const layout = machOLayout(data);
  const { linkedit, signature } = layout;
  const linkeditEnd = linkedit.fileoff + linkedit.filesize;
  if (linkeditEnd > data.length) throw new Error("__LINKEDIT runs past the end of the file");
  if (signature && signature.dataoff + signature.datasize !== linkeditEnd)
    throw new Error("data follows the code signature in __LINKEDIT");
  if (!signature && layout.firstSection - layout.commandsEnd < LINKEDIT_COMMAND_SIZE)
    throw new Error("no room after the load commands for LC_CODE_SIGNATURE");
  // What is hashed stops where the signature starts (16-byte aligned); the file stops where it ends.
  const before = signature ? signature.dataoff : linkeditEnd;
  const requirements = requirementSet();
  const size = reservedSize(before, requirements);
  const codeLimit = align(before, 16);
  const image = Buffer.alloc(codeLimit + size);
  data.copy(image, 0, 0, before);
  // Load commands: __LINKEDIT grows to hold the signature (its vmsize rounded to 16 KiB, as codesign
  // does), LC_CODE_SIGNATURE names it.
  const filesize = codeLimit + size - linkedit.fileoff;
  image.writeBigUInt64LE(BigInt(filesize), linkedit.command + 48);
  image.writeBigUInt64LE(BigInt(align(filesize, 16384)), linkedit.command + 32);
  const command = signature?.command ?? layout.commandsEnd;
  if (!signature) {
    image.writeUInt32LE(image.readUInt32LE(16) + 1, 16);
    image.writeUInt32LE(image.readUInt32LE(20) + LINKEDIT_COMMAND_SIZE, 20);
    image.writeUInt32LE(LC_CODE_SIGNATURE, command);
    image.writeUInt32LE(LINKEDIT_COMMAND_SIZE, command + 4);
  }
  image.writeUInt32LE(codeLimit, command + 8);
  image.writeUInt32LE(size, command + 12);
  const cd = codeDirectory(image, codeLimit, identifier, layout, requirements);
  const emptyCms = Buffer.alloc(8);
  emptyCms.writeUInt32BE(BLOB_WRAPPER, 0);
  emptyCms.writeUInt32BE(8, 4);
  const blob = superBlob([
    [SLOT_CODE_DIRECTORY, cd],
    [SLOT_REQUIREMENTS, requirements],
    [SLOT_SIGNATURE, emptyCms],
  ]);
  if (blob.length > size) throw new Error(`the signature (${blob.length} bytes) outgrew its room (${size})`);
  blob.copy(image, codeLimit);
  return image;
}

/**
 * The identifier rcodesign gives a file: its name less a final non-numeric extension
 * (`pulumi-resource-voice` for `…/pulumi-resource-voice`).
 */
export function identifierOf(file) {
  const name = basename(file);
  const dot = name.lastIndexOf(".");
  return dot > 0 && !/^\d+$/.test(name.slice(dot + 1)) ? name.slice(0, dot) : name;
}

/** Signs the Mach-O executable `file` ad hoc, in place, identified by its file name. */
export function adHocSign(file) {
  const { mode } = statSync(file);
  writeFileSync(file, signMachO(readFileSync(file), identifierOf(file)));
  chmodSync(file, mode);
}
