/** What a release is named by, all read from package.json: the version, the license and the repository. */
export interface PackageRelease {
  readonly version: string;
  readonly license: string;
  readonly repository: GitHubRepository;
}

/** The GitHub repository the package is released from: the one package.json's `repository` names. */
export interface GitHubRepository {
  readonly owner: string;
  readonly name: string;
}

const GITHUB_URL =
  /^(?:git\+)?(?:https:\/\/|ssh:\/\/git@|git@)github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/;

/**
 * Reads package.json's `repository` (a string or `{ url }`, as npm writes it): every release address
 * (the plugin download URL, the Go module path, the SDKs' links) derives from it, so it is read here only.
 */
export function githubRepository(field: unknown): GitHubRepository {
  const url = typeof field === "string" ? field : (field as { url?: unknown } | undefined)?.url;
  const match = typeof url === "string" ? GITHUB_URL.exec(url) : null;
  if (!match?.[1] || !match[2]) {
    throw new Error(
      `package.json "repository" must name the GitHub repository releases are made from ` +
        `(e.g. "git+https://github.com/<owner>/<repo>.git"), was ${JSON.stringify(field)}`,
    );
  }
  return { owner: match[1], name: match[2] };
}

/** The repository's web address (the schema's `repository`, the SDKs' project links). */
export const repositoryUrl = (repo: GitHubRepository): string =>
  `https://github.com/${repo.owner}/${repo.name}`;

/** Where `pulumi` downloads the plugin by itself: the repository's GitHub releases. */
export const pluginDownloadUrl = (repo: GitHubRepository): string =>
  `github://api.github.com/${repo.owner}/${repo.name}`;

/** The Go SDK's module path: a module in the repository's `sdks/go`, tagged `sdks/go/vX.Y.Z`. */
export const goModulePath = (repo: GitHubRepository): string =>
  `github.com/${repo.owner}/${repo.name}/sdks/go`;

/** The release named by a package.json (parsed), failing with the field and rule when one is missing. */
export function packageRelease(manifest: {
  version?: unknown;
  license?: unknown;
  repository?: unknown;
}): PackageRelease {
  const { version, license } = manifest;
  if (typeof version !== "string" || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
    throw new Error(
      `package.json "version" must be a semantic version X.Y.Z[-pre], was ${JSON.stringify(version)}`,
    );
  }
  if (typeof license !== "string" || license === "") {
    throw new Error(`package.json "license" must be an SPDX identifier, was ${JSON.stringify(license)}`);
  }
  return { version, license, repository: githubRepository(manifest.repository) };
}
