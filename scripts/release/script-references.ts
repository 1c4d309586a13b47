// Every repository path a script names, and the ones that are not there. A step the release (or a test,
// or CI) runs by path works only where the file exists: a deleted script still called somewhere fails on a
// fresh machine, late, after minutes of building. This finds such calls statically, in seconds:
//  - a path under scripts/ or .ci/ written anywhere in a script (`node scripts/<name>.mjs`, a comment
//    naming one), or under the repository from a shell variable (`$repo/sdks/python`);
//  - `join(root, "scripts", <name>)` / `resolve(repoRoot, …)`: string segments joined to a repository
//    root, when the first names an entry at the repository's top (a temporary root's are not checked);
//  - `dist/<folder>/<file>.js`, which `npm run build` makes from `<folder>/<file>.ts`;
//  - `npm run <name>` / `npm test`, which must be a script in package.json.
// It reads package.json's scripts, .ci/run, the workflows and every source or shell file of the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One path (or npm script) named in a file, and where. */
export interface ScriptReference {
  /** The file (relative to the repository) and line, or `package.json scripts.<name>`. */
  readonly from: string;
  /** A repository-relative path, or `npm run <name>`. */
  readonly target: string;
}

/** Folders never scanned: installed, built or generated. */
const SKIPPED = new Set(["node_modules", "dist", ".git", "sdks", "docs"]);
const SOURCE = /\.(ts|mts|cts|mjs|cjs|js|sh|ya?ml)$/;
/** Extensions a path may leave out (`scripts/gen-schema` for scripts/gen-schema.ts). */
const IMPLIED = ["", ".ts", ".mts", ".mjs", ".js"];

const SEGMENT = `[A-Za-z0-9_@+-][A-Za-z0-9_.@+-]*`;
const PATH = `${SEGMENT}(?:/${SEGMENT})*`;
/** A path under the folders that hold what is run: written bare, or after `./`. */
const RUN_PATH = new RegExp(String.raw`(?<![\w$./-])(?:\./)?((?:scripts|\.ci|dist)/${PATH})`, "g");
/** A path from a shell variable holding the repository (`$repo/…`, `${root}/…`). */
const SHELL_PATH = new RegExp(String.raw`\$\{?(?:repo|root|REPO|ROOT)\}?/(${PATH})`, "g");
/** `join(root, <segments>)` / `resolve(repoRoot, <segments>)`: the string segments after a root. */
const JOINED =
  /\b(?:join|resolve)\(\s*(?:ctx\.)?(root|repoRoot|repo|REPO_ROOT)\s*,((?:\s*["'][^"'\n]*["']\s*,?)+)/g;
const NPM_RUN = /\bnpm (?:run(?:-script)?|test)\b(?:\s+([\w:.-]+))?/g;

/** The files to scan under `root` (relative paths): sources and shell scripts, not what is built or installed. */
function scannedFiles(root: string, dir = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) found.push(...scannedFiles(root, rel));
    } else if (entry.isFile() && (SOURCE.test(entry.name) || startsWithShebang(path.join(root, rel)))) {
      found.push(rel);
    }
  }
  return found;
}

function startsWithShebang(file: string): boolean {
  try {
    return readFileSync(file).subarray(0, 2).toString("latin1") === "#!";
  } catch {
    return false;
  }
}

/** The references in one text, each with its line. */
function referencesIn(root: string, text: string, from: (line: number) => string): ScriptReference[] {
  const found: ScriptReference[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  const add = (index: number, target: string) => found.push({ from: from(lineOf(index)), target });
  for (const m of text.matchAll(RUN_PATH)) if (m[1]) add(m.index, m[1].replace(/\.+$/, ""));
  for (const m of text.matchAll(SHELL_PATH)) if (m[1]) add(m.index, m[1].replace(/\.+$/, ""));
  for (const m of text.matchAll(JOINED)) {
    const segments = [...(m[2] ?? "").matchAll(/["']([^"'\n]*)["']/g)].map((s) => s[1] ?? "");
    // A root that is not the repository's (a test's temporary one) holds entries the repository has not.
    if (existsSync(path.join(root, segments[0] ?? ""))) add(m.index, segments.join("/"));
  }
  for (const m of text.matchAll(NPM_RUN)) {
    const name = m[0].startsWith("npm test") ? "test" : m[1];
    // `npm run` alone lists the scripts; `npm run -- …` is not a name.
    if (name && !name.startsWith("-")) add(m.index, `npm run ${name}`);
  }
  return found;
}

/** Every reference in the repository at `root`. */
export function scriptReferences(root: string): ScriptReference[] {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const found = Object.entries(manifest.scripts ?? {}).flatMap(([name, command]) =>
    referencesIn(root, command, () => `package.json scripts.${name}`),
  );
  for (const file of scannedFiles(root)) {
    const text = readFileSync(path.join(root, file), "utf8");
    found.push(...referencesIn(root, text, (line) => `${file}:${line}`));
  }
  return found;
}

/** Whether `target` (a reference's) is there in the repository at `root`. */
function resolves(root: string, target: string, scripts: Record<string, string>): boolean {
  const npm = /^npm run (.+)$/.exec(target);
  if (npm?.[1]) return Object.hasOwn(scripts, npm[1]);
  const [top = "", ...rest] = target.split("/");
  // Installed, not the repository's.
  if (top === "node_modules") return true;
  if (top === "dist") {
    // Only what the build compiles from a source folder can be checked: dist/<folder>/<file>.js.
    const source = rest.join("/");
    if (!source.endsWith(".js") || rest.length < 2 || !existsSync(path.join(root, rest[0] ?? "")))
      return true;
    const stem = source.replace(/\.js$/, "");
    return [".ts", ".mts", ".js"].some((ext) => existsSync(path.join(root, stem + ext)));
  }
  return IMPLIED.some((ext) => existsSync(path.join(root, target + ext)));
}

/** The references of the repository at `root` that name a file, folder or npm script it does not have. */
export function missingScriptReferences(root: string): ScriptReference[] {
  const { scripts = {} } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  return scriptReferences(root).filter((ref) => !resolves(root, ref.target, scripts));
}
