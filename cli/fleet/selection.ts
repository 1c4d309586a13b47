// Which stacks a fleet run takes: the stacks of each selected project whose names match its globs.
// Every rule is checked before anything runs; a breach is a FleetInputError naming the option.
import { globToRegExp } from "../export/filters";
import type { ProjectSelection } from "./fleet-file";
import { FleetInputError } from "./input-error";

/** A stack the fleet runs. */
export interface SelectedStack {
  /** `<project>/<stack>`: the stack's name in the report, unique in a selection. */
  id: string;
  /** The Pulumi project's name (Pulumi.yaml `name`). */
  project: string;
  stack: string;
  /** The project folder as the selection wrote it. */
  folder: string;
  /** Its absolute path. */
  dir: string;
}

/** A project folder's name and stacks, as the engine lists them. */
export interface ProjectStacks {
  project: string;
  stacks: readonly string[];
}

/** Lists a project folder's stacks; throws when the folder holds no Pulumi project. */
export type ListStacks = (dir: string) => Promise<ProjectStacks>;

const isGlob = (pattern: string): boolean => /[*?]/.test(pattern);

/** The selected stacks, in project order then by stack name; throws a FleetInputError on a breach of a rule. */
export async function selectStacks(
  projects: readonly ProjectSelection[],
  listStacks: ListStacks,
): Promise<SelectedStack[]> {
  const folders = new Map<string, ProjectSelection>();
  for (const p of projects) {
    const earlier = folders.get(p.dir);
    if (earlier)
      throw new FleetInputError(
        `${p.origin}: the project folder ${p.folder} is named twice (also by ${earlier.origin}); name each folder once`,
      );
    folders.set(p.dir, p);
    const named = new Set<string>();
    for (const pattern of p.stacks) {
      if (named.has(pattern))
        throw new FleetInputError(`${stackOption(p)} ${pattern}: a stack named twice; name each stack once`);
      named.add(pattern);
    }
  }
  const listed = await Promise.all(
    projects.map(async (p) => {
      try {
        return await listStacks(p.dir);
      } catch (e) {
        throw new FleetInputError(
          `${p.origin}: ${p.folder} is not a Pulumi project folder the engine can list (${oneLine(e)})`,
        );
      }
    }),
  );
  const byId = new Map<string, SelectedStack & { origin: string }>();
  const selected: SelectedStack[] = [];
  const matched = new Set<string>();
  projects.forEach((p, i) => {
    const { project, stacks } = listed[i] as ProjectStacks;
    const patterns = p.stacks.map((s) => ({ text: s, re: globToRegExp(s) }));
    for (const stack of [...stacks].sort()) {
      const hits = patterns.filter((pattern) => pattern.re.test(stack));
      for (const hit of hits) matched.add(`${group(p)}\u0000${hit.text}`);
      if (patterns.length > 0 && hits.length === 0) continue;
      const id = `${project}/${stack}`;
      const twin = byId.get(id);
      if (twin)
        throw new FleetInputError(
          `${p.origin} and ${twin.origin} both select stack ${id} (folders ${twin.folder} and ${p.folder}): a stack named twice; select each stack from one folder`,
        );
      const chosen = { id, project, stack, folder: p.folder, dir: p.dir };
      byId.set(id, { ...chosen, origin: p.origin });
      selected.push(chosen);
    }
  });
  // A stack name or glob that matches nothing is almost always a typo: say so rather than skip it.
  // `--stack` applies to every `--project`: it must match in one of them; a fleet file's entry, in its own.
  const reported = new Set<string>();
  for (const p of projects)
    for (const pattern of p.stacks) {
      const key = `${group(p)}\u0000${pattern}`;
      if (matched.has(key) || reported.has(key)) continue;
      reported.add(key);
      const within = projects.filter((q) => group(q) === group(p));
      const held = within.flatMap((q) => listed[projects.indexOf(q)]?.stacks ?? []).sort();
      throw new FleetInputError(
        `${stackOption(p)} ${pattern}: ${isGlob(pattern) ? "matches" : "names"} no stack of ${within.map((q) => q.folder).join(", ")} (${within.length === 1 ? "its" : "their"} stacks: ${held.join(", ") || "none"})`,
      );
    }
  if (selected.length === 0)
    throw new FleetInputError(
      `the selection matches no stack: ${projects.map((p) => p.folder).join(", ")} ${projects.length === 1 ? "holds" : "hold"} none (create one with \`pulumi stack init\`)`,
    );
  return selected;
}

/** Entries whose stack patterns are one list: all `--project`s share the command line's `--stack`s. */
const group = (p: ProjectSelection): string => (p.origin.startsWith("--") ? "--stack" : p.origin);

/** How the selection's stacks were named: `--stack` on the command line, the entry's field in a fleet file. */
function stackOption(p: ProjectSelection): string {
  return p.origin.startsWith("--") ? "--stack" : `${p.origin}.stacks:`;
}

function oneLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.replace(/\s+/g, " ").trim().slice(0, 300);
}
