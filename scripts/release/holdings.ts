// What a release holds, as its notes list it after the changelog's section: the resource types the plugin
// serves, the command line's commands, the policy pack's rules and every file the release built, each
// named from where it is declared (the registry, the command line's table, the pack, the artifacts), so
// the list cannot leave out what a release adds.
import type { Artifact } from "./artifact";

/** What the notes' list is made from. */
export interface ReleaseContents {
  readonly version: string;
  /** Every artifact the release built (files and folders). */
  readonly artifacts: readonly Artifact[];
  /** The resource types' names (`Bridge`, `BridgeNumbers`…), from the registry the schema is built from. */
  readonly resources: readonly string[];
  /** The command line's commands (`emulator`, `export`, `fleet`…). */
  readonly commands: readonly string[];
  /** The policy pack's rules, by name. */
  readonly policies: readonly string[];
}

/** The heading of the list in the notes. */
export const HOLDINGS_HEADING = "### What the release holds";

const code = (names: readonly string[]): string => names.map((n) => `\`${n}\``).join(", ");

/** `<os>-<arch>` of an executable's archive (`<name>-v<version>-<os>-<arch>.tar.gz`). */
const platformOf = (file: string, version: string): string =>
  file.slice(file.indexOf(`-v${version}-`) + `-v${version}-`.length, -".tar.gz".length);

/** The files of `kind`, by name. */
const filesOf = (c: ReleaseContents, ...kinds: string[]): string[] =>
  c.artifacts.filter((a) => kinds.includes(a.kind)).map((a) => a.file);

/** An executable's line: its platforms and its archives' name. */
function executable(c: ReleaseContents, kind: string, what: string): string | undefined {
  const files = filesOf(c, kind);
  if (files.length === 0) return undefined;
  const platforms = files.map((f) => platformOf(f, c.version));
  const pattern = files[0]?.replace(platforms[0] ?? "", "<os>-<arch>") ?? "";
  return `- ${what}, one executable with Node.js inside (no Node.js needed), for ${platforms.length} platform${platforms.length === 1 ? "" : "s"} (${code(platforms)}): \`${pattern}\`.`;
}

/** The SDKs, by language, each with the files it comes as. */
function sdks(c: ReleaseContents): string[] {
  const languages: [string, string[]][] = [
    ["TypeScript/JavaScript (npm)", filesOf(c, "npm")],
    ["Python", filesOf(c, "wheel", "sdist")],
    ["Go", filesOf(c, "go-zip")],
    [".NET", filesOf(c, "dotnet-project").map((f) => `${f}/`)],
    ["Java", filesOf(c, "java-jar")],
  ];
  return languages
    .filter(([, files]) => files.length > 0)
    .map(([language, files]) => `  - ${language}: ${code(files)}`);
}

/** The list of what the release holds, as Markdown under its heading. */
export function releaseHoldings(c: ReleaseContents): string {
  const lines = [
    HOLDINGS_HEADING,
    "",
    `- Resource types: ${code(c.resources)}, as the npm package's dynamic resources and as the native provider plugin's.`,
    executable(c, "plugin", "The native provider plugin `pulumi-resource-voice`"),
    executable(
      c,
      "cli",
      `The command line \`pulumi-voice-platform\` (${code(c.commands)}; also \`npx pulumi-voice-platform\` from the npm package)`,
    ),
    "- SDKs, generated from the package schema:",
    ...sdks(c),
    `- The CrossGuard policy pack (\`policy-pack/\` in the npm package), ${c.policies.length} rules: ${code(c.policies)}.`,
    `- \`${filesOf(c, "checksums").join("")}\`: the SHA-256 of every file above.`,
  ];
  return `${lines.filter((line) => line !== undefined).join("\n")}\n`;
}
