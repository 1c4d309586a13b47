// The build's record of itself, dist/.build-stamp, which scripts/build/build-if-stale.mjs compares with
// the sources. `npm run build` (and so `npm ci`, through `postprepare`, and `npm pack`) calls
// `begin` first and `end` last: `begin` removes the stamp and leaves a pending one dated now; `end`
// renames it into place, keeping that date. So the stamp says when the last successful build
// started: a failed build (tsc still emits) leaves none, and a source edited during the build is
// newer than it.
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The stamp of the last successful build; its modification time is when that build started. */
export const STAMP = join(root, "dist", ".build-stamp");
const PENDING = `${STAMP}.pending`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step === "begin") {
    mkdirSync(dirname(STAMP), { recursive: true });
    rmSync(STAMP, { force: true });
    writeFileSync(PENDING, `built from sources as of ${new Date().toISOString()}\n`);
  } else if (step === "end") {
    renameSync(PENDING, STAMP);
  } else {
    console.error("usage: node scripts/build/build-stamp.mjs begin|end");
    process.exit(2);
  }
}
