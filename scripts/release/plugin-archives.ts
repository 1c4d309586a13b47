// The plugin archives `pulumi plugin install` and `pluginDownloadURL` fetch: one per platform,
// `pulumi-resource-voice-v<version>-<os>-<arch>.tar.gz`, built by scripts/plugin-archive.mjs.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { type Artifact, check, fileArtifact, type ReleaseContext, tool } from "./artifact";

/** The platforms a plugin archive is built for (Pulumi's `<os>-<arch>` names); a tagged release ships every one. */
export const PLUGIN_PLATFORMS = [
  "linux-amd64",
  "linux-arm64",
  "darwin-amd64",
  "windows-amd64",
  "darwin-arm64",
  "windows-arm64",
];

/** Which archives to build, and whether every required platform must be among them (a tagged release). */
export interface ArchiveChoice {
  all: boolean;
  required: boolean;
}

/** The archive's name for a version and platform. */
export const archiveName = (version: string, platform: string): string =>
  `pulumi-resource-voice-v${version}-${platform}.tar.gz`;

/**
 * Builds the plugin archives into the output folder and checks each: its name, no symlinks (the engine
 * refuses them), the executable `pulumi-resource-voice` and the stamped version. A tagged release
 * also requires one archive per required platform.
 */
export function pluginArchives(ctx: ReleaseContext, choice: ArchiveChoice): Artifact[] {
  const printed = tool(
    "node",
    [path.join(ctx.root, "scripts", "plugin-archive.mjs"), ...(choice.all ? ["--all"] : [])],
    {
      cwd: ctx.root,
    },
  );
  const built = printed.split("\n").filter((line) => line.endsWith(".tar.gz"));
  const { version } = ctx.release;
  const platforms = new Set<string>();
  const artifacts = built.map((archive) => {
    const file = path.basename(archive);
    const platform = PLUGIN_PLATFORMS.find((p) => file === archiveName(version, p));
    check(
      platform !== undefined,
      file,
      `is not named ${archiveName(version, "<os>-<arch>")} for a known platform`,
    );
    platforms.add(platform ?? "");
    copyFileSync(archive, path.join(ctx.out, file));
    const entries = tool("tar", ["-tvzf", archive]);
    check(!/^l/m.test(entries), file, "holds a symlink, which `pulumi plugin install` refuses");
    check(
      /^-rwx.* pulumi-resource-voice(\.exe)?$/m.test(entries),
      file,
      "holds no executable pulumi-resource-voice at its root",
    );
    check(/ package\.json$/m.test(entries), file, "holds no package.json beside the executable");
    const manifest = JSON.parse(tool("tar", ["-xzOf", archive, "package.json"])) as {
      version?: string;
      nodeVersion?: string;
      nodeSource?: string;
    };
    check(
      manifest.version === version,
      file,
      `package.json says version ${manifest.version}, not ${version}`,
    );
    const nodeVersion = manifest.nodeVersion ?? "";
    check(
      /^\d+\.\d+\.\d+$/.test(nodeVersion),
      file,
      "package.json names no nodeVersion, the Node.js the executable is built on",
    );
    const nodeSource = manifest.nodeSource ?? "";
    check(
      /^(npm|pypi):[\w.-]+@\d+\.\d+\.\d+$/.test(nodeSource) && nodeSource.endsWith(`@${nodeVersion}`),
      file,
      `package.json's nodeSource ${JSON.stringify(manifest.nodeSource)} is not npm:<package>@${nodeVersion} or pypi:<project>@${nodeVersion}`,
    );
    return { ...fileArtifact(ctx, "plugin", file), nodeVersion, nodeSource };
  });
  check(artifacts.length > 0, "plugin archives", "scripts/plugin-archive.mjs printed no archive");
  if (choice.required) {
    const missing = PLUGIN_PLATFORMS.filter((p) => !platforms.has(p));
    check(
      missing.length === 0,
      "plugin archives",
      `a release needs every platform; missing ${missing.join(", ")}`,
    );
  }
  return artifacts;
}
