// The fleet file: the projects and stacks a fleet run takes, kept in the repository so a pull request
// shows a change to the fleet, and the matrix, every shard and the merge read the same list.
//
//   # fleet.yaml
//   projects:
//     - folder: customers          # a Pulumi project folder, relative to this file
//       stacks: ["*"]              # stack names or globs (* any run, ? one character); default every stack
//     - folder: platform
//       stacks: [staging, prod]
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseDocument } from "yaml";
import { z } from "zod";
import { FleetInputError } from "./input-error";

/** One project of the fleet: its folder and which of its stacks to take. */
export interface ProjectSelection {
  /** The folder as written (for messages and the report). */
  folder: string;
  /** Its absolute path. */
  dir: string;
  /** Stack names or globs; every stack when empty. */
  stacks: readonly string[];
  /** Where the entry comes from, for messages: `--project <dir>` or `fleet.yaml: projects.1`. */
  origin: string;
}

const entry = z.strictObject({
  folder: z
    .string({ error: "must be a string: a Pulumi project folder" })
    .min(1, { error: "must not be empty" }),
  stacks: z
    .array(z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }), {
      error: "must be a list of stack names or globs",
    })
    .min(1, { error: "must list at least one stack name or glob (leave it out for every stack)" })
    .optional(),
});

const fleetFile = z.strictObject({
  projects: z
    .array(entry, { error: "must be a list of {folder, stacks}" })
    .min(1, { error: "must list at least one project" }),
});

/** Reads and checks a fleet file; every problem is a `FleetInputError` naming `--fleet`, the file and the field. */
export async function readFleetFile(file: string): Promise<ProjectSelection[]> {
  const text = await readFile(file, "utf8").catch((e: NodeJS.ErrnoException) => {
    throw new FleetInputError(`--fleet ${file}: cannot be read (${e.code ?? e.message})`);
  });
  return parseFleetFile(text, file);
}

/** Parses a fleet file's text (`file` names it and anchors its relative folders). */
export function parseFleetFile(text: string, file: string): ProjectSelection[] {
  const doc = parseDocument(text, { prettyErrors: true });
  const problem = doc.errors[0];
  if (problem) {
    const at = problem.linePos?.[0];
    const where = at ? ` at line ${at.line}, column ${at.col}` : "";
    throw new FleetInputError(
      `--fleet ${file}: not valid YAML${where} (${(problem.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "")})`,
    );
  }
  const parsed = fleetFile.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "the file";
    throw new FleetInputError(`--fleet ${file}: ${field} ${issue?.message ?? "is invalid"}`);
  }
  const base = path.dirname(path.resolve(file));
  return parsed.data.projects.map((p, i) => ({
    folder: p.folder,
    dir: path.resolve(base, p.folder),
    stacks: p.stacks ?? [],
    origin: `${file}: projects.${i}`,
  }));
}
