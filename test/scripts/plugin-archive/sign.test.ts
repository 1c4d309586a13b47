// The ad-hoc signer of the macOS executables against rcodesign (crate apple-codesign 0.29.0), the signer it
// replaces: test/fixtures/macho/small-arm64 and small-x64 are minimal executables made by `rcodesign
// debug-create-macho --architecture aarch64|x86-64 <file>`, and <file>.rcodesign the same signed by
// `rcodesign sign <file>` (ad hoc, identified by the file name). The signature it writes must be
// rcodesign's, byte for byte, and the check the release runs on every darwin executable must find each
// page and blob hashed, and fail on any change.
import { chmod, copyFile, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, repoRoot, type TempDir } from "../../fixtures/engine";

interface Signer {
  signMachO(data: Buffer, identifier: string): Buffer;
  identifierOf(file: string): string;
  adHocSign(file: string): void;
}
interface SignatureCheck {
  checkCodeSignature(data: Buffer): { identifier: string; adHoc: boolean; pages: number; slots: number[] };
}
let signer: Signer;
let check: SignatureCheck;

const fixture = (name: string) => readFile(path.join(repoRoot, "test", "fixtures", "macho", name));
const module = async <T>(file: string) =>
  (await import(pathToFileURL(path.join(repoRoot, "scripts", "plugin-archive", file)).href)) as T;

beforeAll(async () => {
  signer = await module<Signer>("sign.mjs");
  check = await module<SignatureCheck>("macho-signature-check.mjs");
});

describe.each(["arm64", "x64"])("signing a %s executable ad hoc", (arch) => {
  const name = `small-${arch}`;

  it("writes what rcodesign writes, byte for byte, and the signature checks", async () => {
    const [unsigned, theirs] = await Promise.all([fixture(name), fixture(`${name}.rcodesign`)]);
    expect(() => check.checkCodeSignature(unsigned)).toThrow("no code signature (LC_CODE_SIGNATURE)");
    const signed = signer.signMachO(unsigned, name);
    expect(signed.length).toBe(theirs.length);
    expect(signed.equals(theirs)).toBe(true);
    expect(check.checkCodeSignature(signed)).toEqual({
      identifier: name,
      adHoc: true,
      pages: Math.ceil(unsigned.length / 4096),
      // CodeDirectory, requirement set, empty CMS wrapper.
      slots: [0, 2, 0x10000],
    });
  });

  it("replaces a signature already there with the same one", async () => {
    const theirs = await fixture(`${name}.rcodesign`);
    expect(signer.signMachO(theirs, name).equals(theirs)).toBe(true);
  });

  it("the check fails on a changed page, a changed blob or a wrong code limit, naming it", async () => {
    const signed = await fixture(`${name}.rcodesign`);
    const page = Buffer.from(signed);
    page.writeUInt8(page.readUInt8(4096 + 7) ^ 1, 4096 + 7);
    expect(() => check.checkCodeSignature(page)).toThrow("page 1 (offset 4096) does not match its hash");
    // The requirement set's count, inside the SuperBlob: its hash in special slot 2 no longer matches.
    const sigAt = signed.indexOf(Buffer.from([0xfa, 0xde, 0x0c, 0x01]));
    const blob = Buffer.from(signed);
    blob[sigAt + 11] = 1;
    expect(() => check.checkCodeSignature(blob)).toThrow("special slot 2 does not match its blob");
    const cdAt = signed.indexOf(Buffer.from([0xfa, 0xde, 0x0c, 0x02]));
    const limit = Buffer.from(signed);
    limit.writeUInt32BE(limit.readUInt32BE(cdAt + 32) - 16, cdAt + 32);
    expect(() => check.checkCodeSignature(limit)).toThrow(/code limit \d+ is not the signature's offset/);
  });
});

describe("the signer's refusals and names", () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await makeTempDir("pulumi-voice-sign-");
  });
  afterAll(() => dir?.remove());

  it("refuses what is not a thin 64-bit Mach-O image, and an image with no room for the signature's command", async () => {
    expect(() => signer.signMachO(Buffer.alloc(64), "x")).toThrow("not a thin 64-bit Mach-O image");
    const cramped = Buffer.from(await fixture("small-arm64"));
    // The first section starts 8 bytes after the load commands: LC_CODE_SIGNATURE needs 16.
    const commandsEnd = 32 + cramped.readUInt32LE(20);
    const firstSection = cramped.indexOf("__text\0", 32, "latin1");
    cramped.writeUInt32LE(commandsEnd + 8, firstSection + 48);
    expect(() => signer.signMachO(cramped, "x")).toThrow(
      "no room after the load commands for LC_CODE_SIGNATURE",
    );
  });

  it("names the signature after the file, as rcodesign does, and signs a file in place keeping its mode", async () => {
    expect(signer.identifierOf("/x/pulumi-voice-platform")).toBe("pulumi-voice-platform");
    expect(signer.identifierOf("tool.exe")).toBe("tool");
    expect(signer.identifierOf("lib.1")).toBe("lib.1");
    const file = path.join(dir.path, "small-arm64");
    await copyFile(path.join(repoRoot, "test", "fixtures", "macho", "small-arm64"), file);
    await chmod(file, 0o755);
    signer.adHocSign(file);
    expect((await readFile(file)).equals(await fixture("small-arm64.rcodesign"))).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o755);
  });
});
