// The npm package, as `npm pack` makes it from the built dist/ (the release builds dist/ first when stale).
import path from "node:path";
import { type Artifact, check, fileArtifact, type ReleaseContext, tool } from "./artifact";

/** Files a user's install needs, read back from the tarball. */
const REQUIRED = [
  "package/package.json",
  "package/dist/provider/index.js",
  "package/dist/native/package.json",
];

/** Packs the npm tarball into the output folder and checks its name, files and stamped versions. */
export function npmTarball(ctx: ReleaseContext): Artifact[] {
  const packed = JSON.parse(
    tool("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", ctx.out], { cwd: ctx.root }),
  ) as { filename: string }[];
  const file = packed[0]?.filename ?? "";
  const tarball = path.join(ctx.out, file);
  const { version } = ctx.release;
  check(
    file === `pulumi-voice-platform-${version}.tgz`,
    file,
    `is not named pulumi-voice-platform-${version}.tgz`,
  );
  const listed = tool("tar", ["-tzf", tarball]).split("\n");
  for (const required of REQUIRED) check(listed.includes(required), file, `holds no ${required}`);
  for (const inner of ["package/package.json", "package/dist/native/package.json"]) {
    const manifest = JSON.parse(tool("tar", ["-xzOf", tarball, inner])) as { version?: string };
    check(manifest.version === version, file, `${inner} says version ${manifest.version}, not ${version}`);
  }
  return [fileArtifact(ctx, "npm", file)];
}
