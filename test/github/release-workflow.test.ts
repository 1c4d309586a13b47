// The release workflow (.github/workflows/release.yml): actionlint passes it, and it publishes what the
// release dry run builds, from a version tag, each ecosystem the way its registry expects.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../fixtures/engine";
import { limitFor } from "../fixtures/limits";

const run = promisify(execFile);
/** A cold build of actionlint (its modules downloaded, then compiled): an install. */
const ACTIONLINT_LIMIT_MS = limitFor(0, 1);
const WORKFLOW = path.join(repoRoot, ".github", "workflows", "release.yml");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  steps: Step[];
}
const workflow = parse(readFileSync(WORKFLOW, "utf8")) as {
  on: { push: { tags: string[] } };
  jobs: Record<string, Job>;
};
const job = (name: string): Job => {
  const found = workflow.jobs[name];
  if (!found) throw new Error(`no job ${name}`);
  return found;
};
const commands = (name: string): string =>
  job(name)
    .steps.map((s) => s.run ?? "")
    .join("\n");
const actions = (name: string): string[] => job(name).steps.flatMap((s) => (s.uses ? [s.uses] : []));

describe("the release workflow", () => {
  let actionlint: string;
  beforeAll(async () => {
    const { stdout } = await run(path.join(repoRoot, "scripts", "tools", "actionlint"), {
      cwd: repoRoot,
      timeout: ACTIONLINT_LIMIT_MS,
    });
    actionlint = stdout.trim().split("\n").pop() ?? "";
  }, ACTIONLINT_LIMIT_MS);

  it("passes actionlint", async () => {
    const { stdout } = await run(actionlint, ["-no-color", WORKFLOW], { cwd: repoRoot });
    expect(stdout).toBe("");
  });

  it("runs on a version tag, which package.json's version matches", () => {
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
      version: string;
    };
    const patterns = workflow.on.push.tags.map(
      (glob) => new RegExp(`^${glob.replaceAll(".", "\\.").replaceAll("*", "[^/]*")}$`),
    );
    expect(patterns.some((pattern) => pattern.test(`v${version}`))).toBe(true);
    expect(Object.keys(workflow.on)).toEqual(["push"]);
  });

  it("builds after the tests with the release dry run, checked against the tag, and keeps its files", () => {
    const build = commands("build");
    expect(build.indexOf("npm test")).toBeGreaterThan(-1);
    expect(build.indexOf('npm run release -- --dry-run --tag "$GITHUB_REF_NAME"')).toBeGreaterThan(
      build.indexOf("npm test"),
    );
    expect(job("build").steps.find((s) => s.uses?.startsWith("actions/upload-artifact"))?.with?.path).toBe(
      "dist/release/",
    );
  });

  it("attaches the checked files and SHA256SUMS to a GitHub release whose notes are the dry run's RELEASE_NOTES.md", () => {
    const release = commands("github-release");
    expect(release).toContain("sha256sum -c SHA256SUMS");
    expect(release).toMatch(
      /gh release create "\$GITHUB_REF_NAME" .*--notes-file RELEASE_NOTES\.md "\$\{files\[@\]\}" SHA256SUMS/s,
    );
    expect(job("github-release").permissions).toEqual({ contents: "write" });
  });

  it("publishes each ecosystem after the GitHub release: npm with provenance, PyPI trusted, the Go tag, NuGet, Maven", () => {
    for (const name of ["npm", "pypi", "go", "nuget", "maven"])
      expect(job(name).needs, name).toEqual(["build", "github-release"]);
    expect(commands("npm")).toContain("npm publish --provenance --access public");
    expect(job("npm").permissions?.["id-token"]).toBe("write");
    expect(actions("pypi")).toContain("pypa/gh-action-pypi-publish@release/v1");
    expect(job("pypi").permissions?.["id-token"]).toBe("write");
    expect(commands("go")).toContain('git push origin "sdks/go/v$VERSION"');
    expect(commands("nuget")).toMatch(
      /dotnet pack release\/dotnet\/Pulumi\.Voice\.csproj[\s\S]*dotnet nuget push/,
    );
    expect(commands("maven")).toContain("mvn -B -DskipTests");
  });
});
