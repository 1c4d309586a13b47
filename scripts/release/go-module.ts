// The Go SDK: a module in the repository's sdks/go, published by pushing the tag `sdks/go/v<version>`
// (Go's convention for a module in a subfolder). The release copies the tree, zips it for the release
// page, and checks its module path and stamped version.
import { cpSync, readFileSync } from "node:fs";
import path from "node:path";
import { goModulePath, pluginDownloadUrl } from "../../provider/plugin/release";
import { type Artifact, check, fileArtifact, folderArtifact, type ReleaseContext, tool } from "./artifact";

/** The tag that publishes the Go SDK of a version. */
export const goTag = (version: string): string => `sdks/go/v${version}`;

/** Copies sdks/go to `go/` in the output folder, zips it, and checks it. */
export function goModule(ctx: ReleaseContext): Artifact[] {
  const tree = path.join(ctx.out, "go");
  cpSync(path.join(ctx.root, "sdks", "go"), tree, { recursive: true });
  const { version, repository } = ctx.release;
  const module = /^module (\S+)$/m.exec(readFileSync(path.join(tree, "go.mod"), "utf8"))?.[1];
  check(
    module === goModulePath(repository),
    "go/go.mod",
    `module is ${module}, not ${goModulePath(repository)}`,
  );
  const plugin = JSON.parse(readFileSync(path.join(tree, "voice", "pulumi-plugin.json"), "utf8")) as {
    version?: string;
    server?: string;
  };
  check(plugin.version === version, "go/voice/pulumi-plugin.json", `says ${plugin.version}, not ${version}`);
  check(
    plugin.server === pluginDownloadUrl(repository),
    "go/voice/pulumi-plugin.json",
    `names server ${plugin.server}, not ${pluginDownloadUrl(repository)}`,
  );
  const zip = `pulumi-voice-go-sdk-v${version}.zip`;
  // Python's zipfile: the one archiver the release already needs (no `zip` on a bare machine).
  tool("python3", ["-m", "zipfile", "-c", zip, "go"], { cwd: ctx.out });
  return [folderArtifact(ctx, "go-module", "go"), fileArtifact(ctx, "go-zip", zip)];
}
