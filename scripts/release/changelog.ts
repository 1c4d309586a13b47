// CHANGELOG.md in the Keep a Changelog format: a `## [Unreleased]` section, then one
// `## [X.Y.Z] - YYYY-MM-DD` section per release, newest first. A release's notes are its section.

/** One release section of the changelog. */
export interface ChangelogSection {
  /** `Unreleased` or a version. */
  readonly name: string;
  /** The release date (`YYYY-MM-DD`), absent for Unreleased. */
  readonly date: string | undefined;
  /** The section's text below its heading, trimmed. */
  readonly body: string;
}

const HEADING = /^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?\s*$/;

/** The changelog's sections, in order. */
export function changelogSections(text: string): ChangelogSection[] {
  const sections: { name: string; date: string | undefined; lines: string[] }[] = [];
  for (const line of text.split("\n")) {
    const heading = HEADING.exec(line);
    if (heading?.[1]) sections.push({ name: heading[1], date: heading[2], lines: [] });
    // Link references (`[0.1.0]: https://…`) close the last section.
    else if (/^\[[^\]]+\]: /.test(line)) break;
    else sections.at(-1)?.lines.push(line);
  }
  return sections.map(({ name, date, lines }) => ({ name, date, body: lines.join("\n").trim() }));
}

/**
 * The release notes of `version`: its section's text. Fails, naming the file and the rule, when the
 * section is missing, undated or empty.
 */
export function releaseNotes(text: string, version: string): string {
  const section = changelogSections(text).find((s) => s.name === version);
  if (!section) {
    throw new Error(
      `CHANGELOG.md has no "## [${version}] - YYYY-MM-DD" section: move the Unreleased entries under one`,
    );
  }
  if (!section.date)
    throw new Error(`CHANGELOG.md section [${version}] has no date ("## [${version}] - YYYY-MM-DD")`);
  // Headings alone (`### Added` with nothing under it) say nothing.
  if (!section.body.split("\n").some((line) => line.trim() !== "" && !line.startsWith("#")))
    throw new Error(`CHANGELOG.md section [${version}] is empty: list what changed`);
  return `${section.body}\n`;
}
