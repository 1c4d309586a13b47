// Which of the Node.js versions the npm registry serves for a platform its executable is built on. The
// wanted version (the devDependency's) first, else the newest of its major; a platform served at no
// version of that major takes the closest major that the package's `engines.node` allows, so that one
// platform lagging the others still ships rather than waiting for a major its packager skipped.

/** The npm registry serves no Node.js the rules accept for a platform. */
export class NotServed extends Error {}

const parse = (version) => version.split(".").map(Number);

/** Orders release versions (`x.y.z`) oldest first. */
const byVersion = (a, b) => {
  const [x, y] = [parse(a), parse(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

/** Whether `version` is `floor` or newer. */
export const isAtLeast = (version, floor) => byVersion(version, floor) >= 0;

/**
 * The lowest Node.js version package.json's `engines.node` allows, which must be written `>=x.y.z`
 * (the only form the choice below understands); any other form is an error naming the field.
 */
export function engineFloor(packageJson) {
  const range = packageJson.engines?.node;
  const match = /^\s*>=\s*v?(\d+\.\d+\.\d+)\s*$/.exec(range ?? "");
  if (!match)
    throw new Error(
      `package.json engines.node is ${JSON.stringify(range)}: it must be ">=x.y.z", the oldest Node.js the plugin may be built on`,
    );
  return match[1];
}

/**
 * @typedef {object} Choice
 * @property {string} version The version to build on.
 * @property {string} [note] Why it is not `wanted`, when it is not (for stderr and the docs).
 */

/**
 * The version of `pkg` to build on, from `served` (the registry's list), for Node.js `wanted`:
 * 1. `wanted` itself;
 * 2. unless `exact`, the newest served of `wanted`'s major;
 * 3. unless `exact`, of the served majors whose newest release is at least `floor`, the one nearest to
 *    `wanted`'s major (a tie goes to the newer major, supported longer), at its newest release.
 * Nothing left is a {@link NotServed} naming what is served.
 */
export function chooseNodeVersion({ pkg, served, wanted, floor, exact = false }) {
  if (served.includes(wanted)) return { version: wanted };
  const releases = served.filter((v) => /^\d+\.\d+\.\d+$/.test(v)).sort(byVersion);
  const listed = releases.slice(-8).join(", ") || "nothing";
  if (exact) throw new NotServed(`the npm registry does not serve ${pkg}@${wanted} (it serves ${listed})`);
  const major = parse(wanted)[0];
  const newestOf = (m) => releases.filter((v) => parse(v)[0] === m).pop();
  const same = newestOf(major);
  if (same)
    return {
      version: same,
      note: `Node.js ${wanted} is not served; using ${same}, the newest ${major}.x served`,
    };
  const majors = [...new Set(releases.map((v) => parse(v)[0]))]
    .map(newestOf)
    .filter((v) => isAtLeast(v, floor))
    .sort((a, b) => Math.abs(parse(a)[0] - major) - Math.abs(parse(b)[0] - major) || byVersion(b, a));
  const closest = majors[0];
  if (!closest)
    throw new NotServed(
      `the npm registry serves no Node.js ${major}, nor any other >= ${floor} (package.json engines.node), as ${pkg} (it serves ${listed}): no executable for that platform`,
    );
  return {
    version: closest,
    note: `no Node.js ${major}.x is served; using ${closest}, the nearest major served that engines.node (>= ${floor}) allows`,
  };
}
