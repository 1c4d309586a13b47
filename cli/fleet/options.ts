// The fleet command's arguments, checked before anything runs: each breach names the option and the rule.
import { parseArgs } from "node:util";
import type { ImpactOptionsInput } from "../../provider/impact";
import { impactOptionsOf } from "../report/impact/options";
import { FleetInputError } from "./input-error";
import { isOperation, OPERATIONS, type Operation } from "./operations";
import { parseShard, type Shard } from "./shard";

/** How the stacks are chosen: a fleet file, or project folders and stack globs. */
export type SelectionInput = { fleetFile: string } | { projects: string[]; stacks: string[] };

/** Options of a run (`preview`, `drift`, `up`, `refresh`, `destroy`). */
export interface RunOptions {
  operation: Operation;
  selection: SelectionInput;
  parallel: number;
  shard: Shard | undefined;
  logs: string;
  /** The JSON report's path (default `<logs>/report.json`). */
  json: string | undefined;
  markdown: string | undefined;
  title: string | undefined;
  policyPacks: string[];
  /** A policy pack configuration file; `{stack}` and `{project}` are replaced per stack. */
  policyPackConfig: string | undefined;
  refresh: boolean;
  progressEveryMs: number;
  /**
   * Each lane keeps one provider plugin process its stacks' engines attach to (see `shared-plugin.ts`):
   * the default, off with `--plugin-per-stack`.
   */
  sharedPlugin: boolean;
  /** With `--impact` (preview only): what each stack's plan does to live calls, read with these options. */
  impact: ImpactOptionsInput | undefined;
}

/** What the command line asks for. */
export type FleetCommand =
  | { kind: "help" }
  | ({ kind: "run" } & RunOptions)
  | { kind: "list"; selection: SelectionInput; shard: Shard | undefined }
  | { kind: "matrix"; selection: SelectionInput; shards: number; format: "github" | "gitlab" }
  | {
      kind: "merge";
      reports: string[];
      json: string | undefined;
      markdown: string | undefined;
      title: string | undefined;
    };

/** The stacks a run takes at once unless `--parallel` says otherwise. */
export const DEFAULT_PARALLEL = 4;
/** Seconds between progress summaries unless `--progress-every` says otherwise. */
export const DEFAULT_PROGRESS_EVERY_S = 15;
/** The folder of each stack's log and the reports unless `--logs` says otherwise. */
export const DEFAULT_LOGS = "fleet-logs";

const OPTIONS = {
  project: { type: "string", multiple: true },
  stack: { type: "string", multiple: true },
  fleet: { type: "string" },
  parallel: { type: "string" },
  shard: { type: "string" },
  shards: { type: "string" },
  format: { type: "string" },
  logs: { type: "string" },
  json: { type: "string" },
  markdown: { type: "string" },
  title: { type: "string" },
  "policy-pack": { type: "string", multiple: true },
  "policy-pack-config": { type: "string" },
  refresh: { type: "boolean" },
  "plugin-per-stack": { type: "boolean" },
  "progress-every": { type: "string" },
  impact: { type: "boolean" },
  "window-days": { type: "string" },
  "recent-hours": { type: "string" },
  "max-calls": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Name = keyof typeof OPTIONS;
const SELECTION: Name[] = ["project", "stack", "fleet"];
const RUN: Name[] = [
  ...SELECTION,
  "parallel",
  "shard",
  "logs",
  "json",
  "markdown",
  "title",
  "policy-pack",
  "policy-pack-config",
  "refresh",
  "plugin-per-stack",
  "progress-every",
  "impact",
  "window-days",
  "recent-hours",
  "max-calls",
];
/** The options each subcommand takes (help aside). */
const ACCEPTS: Record<string, readonly Name[]> = {
  run: RUN,
  list: [...SELECTION, "shard"],
  matrix: [...SELECTION, "shards", "format"],
  merge: ["json", "markdown", "title"],
};

/** Parses `fleet <subcommand> …`; throws a FleetInputError naming the option and the rule. */
export function parseFleetArgs(argv: readonly string[]): FleetCommand {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new FleetInputError(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  const [sub, ...rest] = positionals;
  if (values.help || sub === undefined || sub === "help") return { kind: "help" };
  const kind = isOperation(sub) ? "run" : sub;
  const accepts = ACCEPTS[kind];
  if (accepts === undefined)
    throw new FleetInputError(
      `unknown subcommand '${sub}': use one of ${[...Object.keys(OPERATIONS), "list", "matrix", "merge"].join(", ")}`,
    );
  for (const name of Object.keys(values) as Name[])
    if (name !== "help" && values[name] !== undefined && !accepts.includes(name))
      throw new FleetInputError(`--${name} does not apply to \`fleet ${sub}\``);
  if (kind === "merge") {
    if (rest.length === 0)
      throw new FleetInputError("merge: name the shards' JSON reports to merge (at least one file)");
    return { kind, reports: rest, json: values.json, markdown: values.markdown, title: values.title };
  }
  if (rest.length > 0) throw new FleetInputError(`unexpected argument '${rest[0]}'`);
  const selection = selectionInput(values);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (kind === "list") return { kind, selection, shard };
  if (kind === "matrix") {
    const format = values.format ?? "github";
    if (format !== "github" && format !== "gitlab")
      throw new FleetInputError(`--format ${format}: must be github or gitlab`);
    if (values.shards === undefined)
      throw new FleetInputError("--shards is required: how many jobs the matrix runs the fleet in");
    return { kind, selection, shards: parseCount("--shards", values.shards, 256), format };
  }
  const operation = sub as Operation;
  const info = OPERATIONS[operation];
  const policyPacks = values["policy-pack"] ?? [];
  if (policyPacks.length > 0 && !info.policy)
    throw new FleetInputError(
      `--policy-pack does not apply to \`fleet ${operation}\`: policies judge the resources a program declares, which only preview and up run`,
    );
  if (values["policy-pack-config"] !== undefined && policyPacks.length === 0)
    throw new FleetInputError("--policy-pack-config needs --policy-pack: the pack it configures");
  if (values.refresh && !info.refresh)
    throw new FleetInputError(`--refresh does not apply to \`fleet ${operation}\`: it refreshes already`);
  if (values.impact && operation !== "preview")
    throw new FleetInputError(
      `--impact does not apply to \`fleet ${operation}\`: it reads what a preview plans, before \`up\` makes it`,
    );
  let impact: ImpactOptionsInput | undefined;
  try {
    impact = impactOptionsOf(values)?.options;
  } catch (e) {
    throw new FleetInputError(e instanceof Error ? e.message : String(e));
  }
  const logs = values.logs ?? DEFAULT_LOGS;
  return {
    kind: "run",
    operation,
    selection,
    parallel:
      values.parallel === undefined ? DEFAULT_PARALLEL : parseCount("--parallel", values.parallel, 64),
    shard,
    logs,
    json: values.json,
    markdown: values.markdown,
    title: values.title,
    policyPacks,
    policyPackConfig: values["policy-pack-config"],
    refresh: values.refresh === true,
    sharedPlugin: values["plugin-per-stack"] !== true,
    progressEveryMs:
      1000 *
      (values["progress-every"] === undefined
        ? DEFAULT_PROGRESS_EVERY_S
        : parseCount("--progress-every", values["progress-every"], 3600)),
    impact,
  };
}

function selectionInput(values: { project?: string[]; stack?: string[]; fleet?: string }): SelectionInput {
  if (values.fleet !== undefined) {
    const other =
      values.project !== undefined ? "--project" : values.stack !== undefined ? "--stack" : undefined;
    if (other)
      throw new FleetInputError(
        `--fleet and ${other} both select stacks: use the fleet file alone, or --project/--stack alone`,
      );
    return { fleetFile: values.fleet };
  }
  return { projects: values.project ?? ["."], stacks: values.stack ?? [] };
}

/** Parses a whole number option from 1 to `max`. */
export function parseCount(option: string, text: string, max: number): number {
  if (!/^\d+$/.test(text.trim()))
    throw new FleetInputError(`${option} ${text}: must be a whole number from 1 to ${max}`);
  const n = Number(text);
  if (n < 1 || n > max) throw new FleetInputError(`${option} ${text}: must be from 1 to ${max}`);
  return n;
}
