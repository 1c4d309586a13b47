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
