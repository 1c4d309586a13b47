// `npm run release -- --dry-run [--tag v<version>] [--out <dir>]`: builds every release artifact into
// dist/release/ and checks each, publishing nothing. The release workflow runs the same command on a
// version tag, then publishes what it wrote (see docs/releasing.md).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { COMMAND_NAMES } from "../../cli/main";
import { policies } from "../../policy/policies";
import { packageRelease, pluginDownloadUrl } from "../../provider/plugin/release";
import { REGISTRY } from "../../provider/resources/registry";
import { repoRoot } from "../tools/engine";
import { type Artifact, type ReleaseContext, tool } from "./artifact";
import { releaseNotes } from "./changelog";
import { dotnetProject } from "./dotnet-project";
import { CLI, executableArchives, PLUGIN } from "./executable-archives";
import { goModule, goTag } from "./go-module";
import { releaseHoldings } from "./holdings";
import { javaPackage } from "./java-package";
import { npmTarball } from "./npm-tarball";
import { pythonDists } from "./python-dists";
import { checksums, NOTES_FILE } from "./release-files";
import { missingScriptReferences } from "./script-references";
import { assertOneVersion } from "./version-stamps";

const USAGE = "usage: npm run release -- --dry-run [--tag v<version>] [--out <dir>] [--host-platform]";

function main(): void {
  const { values } = parseArgs({
    options: {
      "dry-run": { type: "boolean" },
      tag: { type: "string" },
      out: { type: "string" },
      // The host platform's plugin and command-line archives only: a quick check of everything else.
      "host-platform": { type: "boolean" },
    },
  });
  if (!values["dry-run"]) {
    throw new Error(
      `${USAGE}\nThis command builds and checks the artifacts only (--dry-run); the release workflow publishes them from a version tag.`,
    );
  }
  const root = repoRoot;
  const release = packageRelease(JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")));
  const { version } = release;
  if (values.tag !== undefined && values.tag !== `v${version}`) {
    throw new Error(
      `the tag ${values.tag} is not v${version}, package.json's version: bump it or tag v${version}`,
    );
  }
  assertOneVersion(root, version);
  // A step that calls a script no longer there would fail only after minutes of building.
  const missing = missingScriptReferences(root);
  if (missing.length > 0) {
    throw new Error(
      `scripts call what the repository does not have:\n${missing.map((m) => `  ${m.from}: ${m.target}`).join("\n")}`,
    );
  }
  const notes = releaseNotes(readFileSync(path.join(root, "CHANGELOG.md"), "utf8"), version);

  const out = path.resolve(root, values.out ?? path.join("dist", "release"));
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(path.join(tmpdir(), "pulumi-voice-release-"));
  const ctx: ReleaseContext = { root, out, release, scratch };
  const timings: string[] = [];
  const step = (name: string, build: () => Artifact[]): Artifact[] => {
    const started = Date.now();
    process.stderr.write(`release: ${name}\n`);
    const made = build();
    timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return made;
  };
  try {
    step("build (when stale)", () => {
      tool("node", [path.join(root, "scripts", "build", "build-if-stale.mjs")], { cwd: root });
      return [];
    });
    const archives = { all: !values["host-platform"], required: values.tag !== undefined };
    const artifacts = [
      ...step("npm tarball", () => npmTarball(ctx)),
      ...step("plugin archives", () => executableArchives(ctx, PLUGIN, archives)),
      ...step("command-line archives", () => executableArchives(ctx, CLI, archives)),
      ...step("python wheel and sdist", () => pythonDists(ctx)),
      ...step("go module", () => goModule(ctx)),
      ...step(".NET project", () => dotnetProject(ctx)),
      ...step("java package", () => javaPackage(ctx)),
    ];
    const sums = checksums(ctx, artifacts);
    // The changelog's section, then what the release holds, named from where each thing is declared.
    const holdings = releaseHoldings({
      version,
      artifacts: [...artifacts, sums],
      resources: REGISTRY.map((d) => d.type),
      commands: COMMAND_NAMES,
      policies: policies.map((p) => p.name),
    });
    writeFileSync(path.join(out, NOTES_FILE), `${notes}\n${holdings}`);
    const manifest = {
      version,
      tag: `v${version}`,
      goTag: goTag(version),
      pluginDownloadURL: pluginDownloadUrl(release.repository),
      notes: NOTES_FILE,
      checksums: sums.file,
      artifacts: [...artifacts, sums],
    };
    writeFileSync(path.join(out, "release.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const a of manifest.artifacts) {
      process.stdout.write(
        `${a.kind.padEnd(15)} ${(a.bytes / 1024).toFixed(0).padStart(8)} KiB  ${a.file}${a.nodeSource ? `  (Node.js ${a.nodeSource})` : ""}\n`,
      );
    }
    process.stdout.write(
      `${path.relative(root, out) || out}: ${manifest.artifacts.length} artifacts, checked (${timings.join(", ")})\n`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  process.stderr.write(`release: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
