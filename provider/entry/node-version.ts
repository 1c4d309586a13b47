// The first module every entry point of the package loads: on a Node.js older than the package needs, stop
// at once with one line that says what was found, what is needed and how to get it, instead of a TypeError
// deep inside undici. Written in syntax any Node.js parses (no `?.`, `??`, class fields), so the check
// itself runs on the old Node it reports.

/** The oldest Node.js the package runs on: undici 8 (the SDK's HTTP client) needs 22.19. Equal to package.json `engines.node` (a test checks). */
export const MINIMUM_NODE = "22.19.0";

function parts(version: string): number[] | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) return undefined;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether `found` ("v20.19.2", "22.19.0", "v24.0.0-pre") is `needed` or newer. An unreadable version passes. */
export function isAtLeast(found: string, needed: string): boolean {
  const a = parts(found);
  const b = parts(needed);
  if (!a || !b) return true;
  for (let i = 0; i < 3; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    if (x !== y) return x > y;
  }
  return true;
}

/** The npm package carrying a Node.js binary for this machine (the `node` package's per-platform builds). */
export function nodeBinaryPackage(platform: string, arch: string): string {
  return `node-${platform === "win32" ? "win" : platform}-${arch}`;
}

/** The one line to print when `found` is too old, else undefined. */
export function nodeVersionProblem(
  found: string,
  execPath: string,
  platform: string,
  arch: string,
): string | undefined {
  if (isAtLeast(found, MINIMUM_NODE)) return undefined;
  const binary = nodeBinaryPackage(platform, arch);
  return (
    `pulumi-voice-platform needs Node.js >= ${MINIMUM_NODE}, found ${found} (${execPath}). ` +
    `Get one: \`npm install ${binary}@24\` puts Node 24 in node_modules/.bin ` +
    `(then \`export PATH="$PWD/node_modules/.bin:$PATH"\`), or \`nvm install 24\`.`
  );
}

const problem = nodeVersionProblem(process.version, process.execPath, process.platform, process.arch);
if (problem !== undefined) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
