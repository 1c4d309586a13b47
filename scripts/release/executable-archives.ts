// The single executables' archives, one per platform each, `<name>-v<version>-<os>-<arch>.tar.gz`: the
// plugin's (`pulumi-resource-voice`, which `pulumi plugin install` and `pluginDownloadURL` fetch) built by
// scripts/plugin-archive.mjs, and the command line's (`pulumi-voice-platform`, for users with no Node.js)
// built by scripts/cli-archive.mjs, the same way.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { type Artifact, check, fileArtifact, type ReleaseContext, tool } from "./artifact";

/** The platforms an archive is built for (Pulumi's `<os>-<arch>` names); a tagged release ships every one. */
export const PLATFORMS = [
  "linux-amd64",
  "linux-arm64",
  "darwin-amd64",
  "windows-amd64",
  "darwin-arm64",
  "windows-arm64",
];

/** One single executable the release ships. */
export interface ExecutableProduct {
  /** The artifact kind in release.json. */
  readonly kind: "plugin" | "cli";
  /** The script under scripts/ that builds its archives. */
  readonly script: string;
  /** The executable's name (`.exe` on Windows) and its archives' prefix. */
  readonly name: string;
}

export const PLUGIN: ExecutableProduct = {
  kind: "plugin",
  script: "plugin-archive.mjs",
  name: "pulumi-resource-voice",
};
export const CLI: ExecutableProduct = {
  kind: "cli",
  script: "cli-archive.mjs",
  name: "pulumi-voice-platform",
};

/** Which archives to build, and whether every required platform must be among them (a tagged release). */
export interface ArchiveChoice {
  all: boolean;
  required: boolean;
}

/** The archive's name for a product, version and platform. */
export const archiveName = (product: ExecutableProduct, version: string, platform: string): string =>
  `${product.name}-v${version}-${platform}.tar.gz`;

/**
 * Builds `product`'s archives into the output folder and checks each: its name, no symlinks (the engine
 * refuses them), the executable at its root and the package.json beside it naming the version and the
 * Node.js it is built on. A tagged release also requires one archive per platform.
 */
export function executableArchives(
  ctx: ReleaseContext,
  product: ExecutableProduct,
  choice: ArchiveChoice,
): Artifact[] {
  const printed = tool(
    "node",
    [path.join(ctx.root, "scripts", product.script), ...(choice.all ? ["--all"] : [])],
    { cwd: ctx.root },
  );
  const built = printed.split("\n").filter((line) => line.endsWith(".tar.gz"));
  const { version } = ctx.release;
  const platforms = new Set<string>();
  const artifacts = built.map((archive) => {
    const file = path.basename(archive);
    const platform = PLATFORMS.find((p) => file === archiveName(product, version, p));
    check(
      platform !== undefined,
      file,
      `is not named ${archiveName(product, version, "<os>-<arch>")} for a known platform`,
    );
    platforms.add(platform ?? "");
    copyFileSync(archive, path.join(ctx.out, file));
    const entries = tool("tar", ["-tvzf", archive]);
    check(!/^l/m.test(entries), file, "holds a symlink, which `pulumi plugin install` refuses");
    check(
      new RegExp(`^-rwx.* ${product.name}(\\.exe)?$`, "m").test(entries),
      file,
      `holds no executable ${product.name} at its root`,
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
    return { ...fileArtifact(ctx, product.kind, file), nodeVersion, nodeSource };
  });
  check(artifacts.length > 0, `${product.name} archives`, `scripts/${product.script} printed no archive`);
  if (choice.required) {
    const missing = PLATFORMS.filter((p) => !platforms.has(p));
    check(
      missing.length === 0,
      `${product.name} archives`,
      `a release needs every platform; missing ${missing.join(", ")}`,
    );
  }
  return artifacts;
}
