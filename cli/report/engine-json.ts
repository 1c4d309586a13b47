// The parts of the engine's JSON (`pulumi preview --json`, `pulumi refresh --preview-only --json`)
// the report reads; every other field is accepted and ignored.
import { z } from "zod";

const state = z.looseObject({
  urn: z.string().optional(),
  type: z.string().optional(),
  id: z.unknown().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
});

const step = z.looseObject({
  op: z.string(),
  urn: z.string(),
  oldState: state.nullish(),
  newState: state.nullish(),
  detailedDiff: z.record(z.string(), z.looseObject({ kind: z.string().optional() })).nullish(),
  diffReasons: z.array(z.string()).nullish(),
  replaceReasons: z.array(z.string()).nullish(),
});

const diagnostic = z.looseObject({
  message: z.string().optional(),
  severity: z.string().optional(),
  urn: z.string().optional(),
});

const engineJson = z.looseObject({
  steps: z.array(step).optional(),
  changeSummary: z.record(z.string(), z.number()).optional(),
  diagnostics: z.array(diagnostic).optional(),
});

/** A resource's state as the engine prints it. */
export type EngineState = z.infer<typeof state>;
/** One step of a preview or a refresh. */
export type EngineStep = z.infer<typeof step>;
/** The engine's JSON output of a preview or a refresh. */
export type EngineJson = z.infer<typeof engineJson>;

/** Parses one engine JSON document; throws a one-line message naming `source` when it is not one. */
export function parseEngineJson(text: string, source: string): EngineJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${source} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const parsed = engineJson.safeParse(value);
  if (!parsed.success || (parsed.data.steps === undefined && parsed.data.changeSummary === undefined))
    throw new Error(
      `${source} is not the JSON of \`pulumi preview --json\` or \`pulumi refresh --preview-only --json\``,
    );
  return parsed.data;
}

/** Whether the document comes from a refresh (or a preview with --refresh): it has refresh steps. */
export function isRefresh(json: EngineJson): boolean {
  return (json.steps ?? []).some((s) => s.op === "refresh");
}

/**
 * A refresh's outcome as the report reads it: a refresh step from the recorded state (old) to the
 * platform's (new); a resource gone from the platform has no new state.
 */
export function refreshOutcome(step: EngineStep): EngineStep {
  const gone = step.op === "delete" || !step.newState;
  return { ...step, op: "refresh", newState: gone ? null : step.newState };
}

/**
 * The document's steps, each refresh outcome as a refresh step. A refreshed preview gives every resource
 * in state a refresh step, then its planned step (whose old state is the platform's). The engine's JSON
 * of `pulumi refresh --preview-only` (3.259) gives a provider plugin's drift instead as the change the
 * refresh records (`update`, `delete`: recorded state old, platform's new) with no refresh step of that
 * resource; read as a plan, it would swap the code's value and the platform's.
 */
export function documentSteps(json: EngineJson): EngineStep[] {
  const steps = json.steps ?? [];
  const refreshed = new Set(steps.filter((s) => s.op === "refresh").map((s) => s.urn));
  if (refreshed.size === 0) return steps;
  return steps.map((s) => (s.op === "same" || refreshed.has(s.urn) || !s.oldState ? s : refreshOutcome(s)));
}
