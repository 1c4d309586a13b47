// The Python package: a wheel and an sdist of sdks/python, built by setuptools' PEP 517 backend from the
// hash-locked virtualenv of scripts/python-env (the one the Python SDK's tests use; made from PyPI on
// first use, then cached), so the release pins its build tools once, with the tests'.
import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { PULUMI_SDK_MINIMUM } from "../../provider/plugin/schema";
import { type Artifact, check, fileArtifact, type ReleaseContext, tool } from "./artifact";

/** The Python of scripts/python-env's virtualenv, which the script prints as its last line. */
function buildPython(root: string): string {
  const venv =
    tool(path.join(root, "scripts", "python-env"), [])
      .trim()
      .split("\n")
      .pop() ?? "";
  check(path.isAbsolute(venv), "scripts/python-env", `printed no virtualenv (${JSON.stringify(venv)})`);
  return path.join(venv, "bin", "python");
}

/**
 * Runs the PEP 517 hook argv[1] (`build_sdist`, `build_wheel`) of the project in the working folder into
 * the folder argv[2], as `python -m build --no-isolation` does: one process a hook, since setuptools
 * keeps state between them.
 */
const BUILD_HOOK = `
import sys
from setuptools import build_meta
getattr(build_meta, sys.argv[1])(sys.argv[2])
`;

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
  const python = buildPython(ctx.root);
  // Built from a copy: the build writes into its source tree, and pyproject.toml's readme is the package's.
  const source = path.join(ctx.scratch, "python");
  cpSync(path.join(ctx.root, "sdks", "python"), source, { recursive: true });
  cpSync(path.join(source, "pulumi_voice", "README.md"), path.join(source, "README.md"));
  for (const hook of ["build_sdist", "build_wheel"])
    tool(python, ["-c", BUILD_HOOK, hook, ctx.out], { cwd: source });
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
