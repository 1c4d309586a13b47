// Ad-hoc signing of the macOS executables. macOS runs no unsigned arm64 code, and injecting the blob
// breaks the official binary's signature, so each darwin executable is signed again, ad hoc (no
// identity: Gatekeeper still asks a user who downloaded it by browser; `pulumi plugin install` does not
// set the quarantine flag). The signer is `rcodesign` from the crate `apple-codesign` (crates.io), which
// signs Mach-O on any OS; it is built once with cargo into a cache outside the repository.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const CRATE = "apple-codesign";
const CRATE_VERSION = "0.29.0";

/** Where the built signer is kept: `PULUMI_VOICE_RCODESIGN_CACHE`, else `~/.cache/pulumi-voice-platform/rcodesign`. */
const cacheDir = () =>
  join(
    process.env.PULUMI_VOICE_RCODESIGN_CACHE ??
      join(homedir(), ".cache", "pulumi-voice-platform", "rcodesign"),
    `v${CRATE_VERSION}`,
  );

const runs = (file) => {
  try {
    execFileSync(file, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/**
 * The path of `rcodesign`: `PULUMI_VOICE_RCODESIGN`, else one on PATH, else the cached build, else built
 * now with `cargo install` (a few minutes, once). Without any of them, an error saying what to install.
 */
export function rcodesign() {
  const given = process.env.PULUMI_VOICE_RCODESIGN;
  if (given) return given;
  if (runs("rcodesign")) return "rcodesign";
  const cached = join(cacheDir(), "bin", "rcodesign");
  if (existsSync(cached)) return cached;
  if (!runs("cargo"))
    throw new Error(
      `macOS executables must be signed and no rcodesign was found: install it (cargo install ${CRATE} --version ${CRATE_VERSION}) or set PULUMI_VOICE_RCODESIGN to its path`,
    );
  process.stderr.write(
    `building rcodesign (${CRATE} ${CRATE_VERSION}, crates.io) into ${cacheDir()}, once\n`,
  );
  execFileSync(
    "cargo",
    ["install", CRATE, "--version", CRATE_VERSION, "--locked", "--no-default-features", "--root", cacheDir()],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  return cached;
}

/** Signs the Mach-O executable `file` ad hoc, in place. */
export function adHocSign(file) {
  execFileSync(rcodesign(), ["sign", file], { stdio: ["ignore", "ignore", "inherit"] });
}
