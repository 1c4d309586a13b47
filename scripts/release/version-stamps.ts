// Where the package's version is written besides package.json, the one source: the lockfile, the schema,
// and every SDK's package metadata. `scripts/generate/gen-schema` and `scripts/generate/gen-sdks` stamp them from package.json;
// the release refuses to build, and a test fails, when one disagrees.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One place the version is written, and what it says there (`undefined`: the file does not say). */
export interface VersionStamp {
  /** The file, relative to the repository, and the field in it. */
  readonly where: string;
  readonly version: string | undefined;
}

const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, "utf8"));
const field = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const matched = (text: string, pattern: RegExp): string | undefined => pattern.exec(text)?.[1];

/** Every `pulumi-plugin.json` / `plugin.json` under `dir` (generated SDKs carry one each, Java's included). */
function pluginFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /^(pulumi-)?plugin\.json$/.test(entry.name))
    .filter((entry) => !entry.parentPath.includes("node_modules"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The version each stamped file says, read from the repository at `root`. */
export function versionStamps(root: string): VersionStamp[] {
  const at = (file: string) => path.join(root, file);
  const lock = readJson(at("package-lock.json"));
  const nodeSdk = readJson(at("sdks/nodejs/package.json"));
  const pyproject = readFileSync(at("sdks/python/pyproject.toml"), "utf8");
  const csproj = readFileSync(at("sdks/dotnet/Pulumi.Voice.csproj"), "utf8");
  const stamps: VersionStamp[] = [
    { where: "package-lock.json version", version: field(lock.version) },
    {
      where: 'package-lock.json packages[""].version',
      version: field((lock.packages as Record<string, Record<string, unknown>> | undefined)?.[""]?.version),
    },
    { where: "schema.json version", version: field(readJson(at("schema.json")).version) },
    { where: "sdks/nodejs/package.json version", version: field(nodeSdk.version) },
    {
      where: "sdks/nodejs/package.json pulumi.version",
      version: field((nodeSdk.pulumi as Record<string, unknown> | undefined)?.version),
    },
    {
      where: "sdks/python/pyproject.toml project.version",
      version: matched(pyproject, /^\s*version = "([^"]+)"/m),
    },
    {
      where: "sdks/dotnet/Pulumi.Voice.csproj Version",
      version: matched(csproj, /<Version>([^<]+)<\/Version>/),
    },
    { where: "sdks/dotnet/version.txt", version: readFileSync(at("sdks/dotnet/version.txt"), "utf8").trim() },
  ];
  for (const file of pluginFiles(at("sdks"))) {
    stamps.push({ where: `${path.relative(root, file)} version`, version: field(readJson(file).version) });
  }
  return stamps;
}

/** The stamps that disagree with `version` (package.json's), each naming its file and field. */
export function disagreeingStamps(root: string, version: string): VersionStamp[] {
  return versionStamps(root).filter((stamp) => stamp.version !== version);
}

/** Throws, listing every disagreeing stamp and how to fix it, unless all say `version`. */
export function assertOneVersion(root: string, version: string): void {
  const wrong = disagreeingStamps(root, version);
  if (wrong.length === 0) return;
  const lines = wrong.map((stamp) => `  ${stamp.where}: ${stamp.version ?? "(none)"}`);
  throw new Error(
    `package.json says version ${version}, but:\n${lines.join("\n")}\n` +
      "run `npm install` (lockfile), `node dist/scripts/generate/gen-schema.js` and `npm run gen-sdks`",
  );
}
