// The fleet's combined report as data: one result per stack, what the JSON file holds and what the
// merge reads back. Markdown and the exit code are derived from it.
import { z } from "zod";
import { OPERATIONS, type Operation } from "./operations";

/** The format tag of the JSON report; a merge refuses any other. */
export const REPORT_FORMAT = "pulumi-voice-platform/fleet-report@1";

/**
 * A stack's result: `clean` (nothing found or changed), `changes` (drift found, a change to come, or
 * changes made), `failed`, `cancelled` (stopped by an interrupt while running), `not run` (an interrupt
 * came before it started); `pending` and `running` appear only in a report written while its run goes on.
 */
export const STATUSES = ["clean", "changes", "failed", "cancelled", "not run", "pending", "running"] as const;
export type Status = (typeof STATUSES)[number];

const changeRow = z.object({
  resource: z.string(),
  urn: z.string(),
  property: z.string(),
  /** Absent for a resource the code does not declare (a delete). */
  code: z.unknown().optional(),
  /** Absent for a resource the platform does not hold yet (a create). */
  platform: z.unknown().optional(),
  action: z.enum(["create", "update", "replace", "delete"]),
  origin: z.enum(["code", "platform", "code and platform"]).optional(),
});

const violation = z.object({
  policy: z.string(),
  pack: z.string(),
  /** `mandatory` fails the stack's run; `advisory` is listed only. */
  level: z.enum(["mandatory", "advisory"]),
  /** The resource (`voice:Bridge support`), or empty for a stack-wide rule. */
  resource: z.string(),
  message: z.string(),
});

const numberImpact = z.looseObject({
  number: z.string(),
  change: z.string(),
  resource: z.string().optional(),
  level: z.enum(["none", "low", "high"]),
  rule: z.string(),
  acknowledged: z.boolean(),
});

/** What the stack's plan does to live calls (`--impact`): the impact core's report, each number acknowledged or not. */
const stackImpact = z.looseObject({
  organization: z.string(),
  windowDays: z.number(),
  callsRead: z.number(),
  capped: z.boolean(),
  requests: z.number(),
  numbers: z.array(numberImpact),
  notes: z.array(z.string()),
});

const stackResult = z.object({
  /** `<project>/<stack>`: unique in a selection. */
  id: z.string(),
  project: z.string(),
  stack: z.string(),
  /** The project folder, as the selection named it. */
  folder: z.string(),
  status: z.enum(STATUSES),
  /** Why it failed, was cancelled or did not run: one line naming the cause. */
  cause: z.string().optional(),
  /** The engine's count of resources by operation (`same`, `update`, `create`, …). */
  changeSummary: z.record(z.string(), z.number()),
  /** Each changed (or drifted) property of each resource, as `pulumi-voice-platform report` shows them. */
  changes: z.array(changeRow),
  /** Resources the engine counted as changed without saying which properties. */
  unlocatedChanges: z.number(),
  policy: z.array(violation),
  /** With `--impact`: what the stack's plan does to live calls. */
  impact: stackImpact.optional(),
  /** With `--impact`, when it could not be read: why. */
  impactError: z.string().optional(),
  /** Requests the stack's processes sent to the platform (every attempt), when counted. */
  requests: z.number().optional(),
  /** Of those, answered 429 (rate-limited) and retried. */
  throttled: z.number().optional(),
  /** When the stack's run started (ISO 8601). */
  startedAt: z.string().optional(),
  durationMs: z.number().optional(),
  /** The stack's full engine log, relative to the logs folder. */
  log: z.string().optional(),
});

const fleetReport = z.object({
  format: z.literal(REPORT_FORMAT),
  operation: z.enum(Object.keys(OPERATIONS) as [Operation, ...Operation[]]),
  /** Every stack id of the selection, in order: what a whole run covers and what a merge expects. */
  selection: z.array(z.string()),
  /** How many shards the selection was cut into (1: not sharded). */
  shards: z.number().int().min(1),
  /** The shard this report ran (1-based), absent for a whole run or a merge. */
  shard: z.number().int().min(1).optional(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  /** The run ended by itself (false while it runs, or when it was killed before it could finish). */
  complete: z.boolean(),
  /** An interrupt (Ctrl-C, SIGTERM) stopped it launching stacks. */
  interrupted: z.boolean(),
  /** The results of the stacks this report covers, in selection order. */
  stacks: z.array(stackResult),
});

export type ChangeRowData = z.infer<typeof changeRow>;
export type StackImpact = z.infer<typeof stackImpact>;
export type Violation = z.infer<typeof violation>;
export type StackResult = z.infer<typeof stackResult>;
export type FleetReport = z.infer<typeof fleetReport>;

/** Parses a JSON report; throws one line naming `source` and what is wrong. */
export function parseFleetReport(text: string, source: string): FleetReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${source} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = fleetReport.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "(top)";
    throw new Error(`${source} is not a fleet report: ${where}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/** A stack that has not started: its row before the run reaches it. */
export function pendingResult(stack: {
  id: string;
  project: string;
  stack: string;
  folder: string;
}): StackResult {
  return { ...stack, status: "pending", changeSummary: {}, changes: [], unlocatedChanges: 0, policy: [] };
}
