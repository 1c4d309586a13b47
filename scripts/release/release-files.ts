// The files every release carries besides the artifacts: its notes and the checksums of what it attaches.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type Artifact, fileArtifact, type ReleaseContext } from "./artifact";

/** The release notes, the changelog's section for the version. */
export const NOTES_FILE = "RELEASE_NOTES.md";
/** `sha256sum -c SHA256SUMS` verifies every file attached to the release. */
const CHECKSUMS_FILE = "SHA256SUMS";

/** Writes the checksums of every file artifact (folders are published from the tagged source). */
export function checksums(ctx: ReleaseContext, artifacts: readonly Artifact[]): Artifact {
  const lines = artifacts.filter((a) => a.sha256 !== undefined).map((a) => `${a.sha256}  ${a.file}\n`);
  writeFileSync(path.join(ctx.out, CHECKSUMS_FILE), lines.join(""));
  return fileArtifact(ctx, "checksums", CHECKSUMS_FILE);
}
