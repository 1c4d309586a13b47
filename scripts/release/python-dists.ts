// The Python package: a wheel and an sdist of sdks/python, built with PyPA's `build` from a virtualenv
// the release keeps in the tools cache (created from PyPI on first use, pinned versions).
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { PULUMI_SDK_MINIMUM } from "../../provider/plugin/schema";
import { type Artifact, check, fileArtifact, type ReleaseContext, tool } from "./artifact";

/** The build tools, pinned so two runs build the same archives (`pip index versions` to move them). */
const BUILD_TOOLS = ["build==1.6.1", "setuptools==84.2.1"];

/** The cached virtualenv holding the build tools; made once per pin set (`.complete` marks it whole). */
function buildVenv(root: string): string {
  const cache =
    process.env.PULUMI_VOICE_TOOLS_CACHE ??
    path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "pulumi-voice-platform", "tools");
  const venv = path.join(cache, `python-build-${BUILD_TOOLS.join("-").replaceAll("==", "")}`);
  const python = path.join(venv, "bin", "python");
  if (existsSync(path.join(venv, ".complete"))) return python;
  // Debian's python3 with venv and pip (installed when missing, as the Python SDK's test does).
  const system =
    tool(path.join(root, "scripts", "python-deps"), [])
      .trim()
      .split("\n")
      .pop() ?? "python3";
  mkdirSync(cache, { recursive: true });
  rmSync(venv, { recursive: true, force: true });
  try {
    tool(system, ["-m", "venv", venv]);
    tool(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", ...BUILD_TOOLS]);
    writeFileSync(path.join(venv, ".complete"), `${BUILD_TOOLS.join("\n")}\n`);
  } catch (error) {
    rmSync(venv, { recursive: true, force: true });
    throw error;
  }
  return python;
}

/** Reads a wheel's metadata and the plugin file it ships, with the build venv's Python. */
const WHEEL_READER = `
import json, sys, zipfile
wheel = zipfile.ZipFile(sys.argv[1])
names = wheel.namelist()
meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
plugin = json.loads(wheel.read("pulumi_voice/pulumi-plugin.json"))
print(json.dumps({"names": names, "metadata": wheel.read(meta).decode(), "plugin": plugin}))
`;

/** Builds the wheel and sdist into the output folder and checks their names, version and requirements. */
export function pythonDists(ctx: ReleaseContext): Artifact[] {
  const python = buildVenv(ctx.root);
  // Built from a copy: the build writes into its source tree, and pyproject.toml's readme is the package's.
  const source = path.join(ctx.scratch, "python");
  cpSync(path.join(ctx.root, "sdks", "python"), source, { recursive: true });
  cpSync(path.join(source, "pulumi_voice", "README.md"), path.join(source, "README.md"));
  tool(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", ctx.out, source]);
  const { version } = ctx.release;
  const wheel = `pulumi_voice-${version}-py3-none-any.whl`;
  const sdist = `pulumi_voice-${version}.tar.gz`;
  for (const file of [wheel, sdist]) check(existsSync(path.join(ctx.out, file)), file, "was not built");
  const read = JSON.parse(tool(python, ["-c", WHEEL_READER, path.join(ctx.out, wheel)])) as {
    names: string[];
    metadata: string;
    plugin: { version?: string; server?: string };
  };
  check(
    read.metadata.includes(`\nVersion: ${version}\n`),
    wheel,
    `METADATA does not say Version: ${version}`,
  );
  const pulumi = /^Requires-Dist: pulumi(.*)$/m.exec(read.metadata)?.[1]?.trim() ?? "";
  check(
    pulumi.split(",").sort().join(",") === `<4.0.0,>=${PULUMI_SDK_MINIMUM}`,
    wheel,
    `requires pulumi "${pulumi}", not >=${PULUMI_SDK_MINIMUM},<4.0.0`,
  );
  check(read.names.includes("pulumi_voice/py.typed"), wheel, "ships no py.typed (typed package marker)");
  check(
    read.plugin.version === version,
    wheel,
    `pulumi-plugin.json says ${read.plugin.version}, not ${version}`,
  );
  return [fileArtifact(ctx, "wheel", wheel), fileArtifact(ctx, "sdist", sdist)];
}
