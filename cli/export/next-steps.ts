// What `export` prints on stdout once the project is written: the commands that take the organization
// over, in order, each install a new user needs named with how to get it from the release.
import type { SecretInput } from "./plan";
import { type Language, RECORD_SECRETS } from "./project-files";
import { configSetLines } from "./secrets";
import type { TakeOver } from "./yaml";

/** The Pulumi `<os>-<arch>` of this machine, as the release names its archives (`linux-amd64`…). */
function hostPlatform(): string {
  const os = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  return `${os ?? "<os>"}-${arch ?? "<arch>"}`;
}

/**
 * The package install of a TypeScript project. A registry range (`^<version>`) resolves only once that
 * version is on npm; before, the release's tarball is what `--package-spec file:<path>` names (npm keeps a
 * local tarball as `file:`, as `npm install ./<tarball>` writes it).
 */
function typescriptInstall(packageSpec: string, version: string): string[] {
  if (!packageSpec.startsWith("^")) return ["npm install"];
  return [
    `# package.json takes pulumi-voice-platform@${packageSpec} from the npm registry. Before ${version} is published`,
    `# there, export again adding --package-spec file:<dir>/pulumi-voice-platform-${version}.tgz, <dir> the folder of the release's npm tarball.`,
    "npm install",
  ];
}

/**
 * The plugin a YAML project runs on: from Pulumi.yaml's `plugins` path when the export was given one,
 * otherwise installed once per machine from the release's archive for this platform.
 */
function yamlInstall(pluginPath: string | undefined, version: string): string[] {
  if (pluginPath !== undefined) return [];
  return [
    "# the native provider plugin, once per machine: the release's archive for this platform (beside SHA256SUMS)",
    `pulumi plugin install resource voice ${version} --file pulumi-resource-voice-v${version}-${hostPlatform()}.tar.gz`,
  ];
}

/** The next steps, one line each, as stdout prints them (ending with a newline). */
export function nextSteps(o: {
  out: string;
  stack: string;
  language: Language;
  takeOver: TakeOver;
  secrets: readonly SecretInput[];
  /** How the written package.json names this package (TypeScript). */
  packageSpec: string | undefined;
  /** Pulumi.yaml's plugin folder (YAML), when the export was given one. */
  pluginPath: string | undefined;
  /** This package's version: the plugin's and the npm package's. */
  version: string;
}): string {
  return [
    `cd ${o.out}`,
    ...(o.language === "typescript"
      ? typescriptInstall(o.packageSpec ?? "", o.version)
      : yamlInstall(o.pluginPath, o.version)),
    `pulumi stack init ${o.stack}`,
    ...configSetLines(o.secrets, o.stack),
    `pulumi up --stack ${o.stack}`,
    `pulumi preview --stack ${o.stack} --expect-no-changes`,
    ...(o.language === "yaml" && o.takeOver === "import" ? [RECORD_SECRETS(o.stack)] : []),
    "",
  ].join("\n");
}
