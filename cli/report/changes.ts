// The engine's steps as report rows: one per changed property of a resource, with what `up` will do.
import { PACKAGE, typeOfToken } from "../../provider/urn/type-token";
import { parseUrn, resourceName } from "../../provider/urn/urn";
import { documentSteps, type EngineJson, type EngineState, type EngineStep } from "./engine-json";
import { heldByPlatform, isWriteOnly } from "./platform-fields";
import { maskSecrets } from "./secrets";

/** What `up` will do to a resource. */
export type Action = "create" | "update" | "replace" | "delete";

/** Where a difference comes from: the code, the platform (drift), or not known. */
export type Origin = "code" | "platform" | "code and platform";

/** One row of the report: a property whose value in code differs from the platform's. */
export interface ChangeRow {
  /** The resource's type (without the dynamic provider's prefix) and name, e.g. `voice:Bridge support`. */
  resource: string;
  urn: string;
  /** The property; empty for a whole-resource create or delete. */
  property: string;
  /** The value the code declares (undefined: none). */
  code: unknown;
  /** The value last seen on the platform (undefined: none). */
  platform: unknown;
  action: Action;
  origin?: Origin;
}

const ACTIONS: Record<string, Action> = {
  create: "create",
  update: "update",
  replace: "replace",
  "create-replacement": "replace",
  "delete-replaced": "replace",
  delete: "delete",
  discard: "delete",
  refresh: "update",
};

/** Inputs the report leaves out: the dynamic provider's serialized code. */
const HIDDEN = new Set(["__provider"]);

/** Whether the report can show `key` of the resource at `urn`: not hidden, and something the platform holds. */
const shown = (urn: string, key: string): boolean => !HIDDEN.has(key) && heldByPlatform(urn, key);

/** `voice:Bridge` from a URN of a dynamic resource (the dynamic provider's prefix left out), else its type token. */
export function typeLabel(urn: string): string {
  const token = parseUrn(urn)?.token ?? "";
  const ours = typeOfToken(token);
  return ours?.door === "dynamic" ? `${PACKAGE}:${ours.name}` : token;
}

/** `voice:Bridge support` from a URN. */
export function resourceLabel(urn: string): string {
  return `${typeLabel(urn)} ${resourceName(urn)}`;
}

/** Equality of two masked values (a secret equals a secret: its plaintext is not known here). */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(maskSecrets(a)) === JSON.stringify(maskSecrets(b));
}

/** The platform's value of `key`: the outputs (what was read) before the recorded inputs. */
function platformValue(state: EngineState | null | undefined, key: string): unknown {
  if (state?.outputs && key in state.outputs) return state.outputs[key];
  return state?.inputs?.[key];
}

/** Rows of one step (none for a step that changes nothing). */
export function stepRows(step: EngineStep): ChangeRow[] {
  const resource = resourceLabel(step.urn);
  const base = { resource, urn: step.urn };
  if (step.op === "refresh") {
    // A refresh's step: the recorded state (old) against the platform's (new); gone from the platform,
    // the resource is one `up` will create again.
    if (!step.newState) return [{ ...base, property: "", code: "", platform: undefined, action: "create" }];
    const before = step.oldState?.outputs ?? {};
    const after = step.newState?.outputs ?? {};
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((key) => shown(step.urn, key) && !same(before[key], after[key]))
      .sort()
      .map((key) => ({ ...base, property: key, code: before[key], platform: after[key], action: "update" }));
  }
  const action = ACTIONS[step.op];
  if (action === undefined || step.op === "delete-replaced") return [];
  if (action === "create") return [{ ...base, property: "", code: "", platform: undefined, action }];
  if (action === "delete") return [{ ...base, property: "", code: undefined, platform: "", action }];
  const code = step.newState?.inputs ?? {};
  const keys = new Set(Object.keys(code));
  for (const key of Object.keys(step.detailedDiff ?? {})) keys.add(key.split(/[.[]/)[0] ?? key);
  for (const key of step.diffReasons ?? []) keys.add(key);
  const row = (key: string): ChangeRow => ({
    ...base,
    property: key,
    code: code[key],
    platform: platformValue(step.oldState, key),
    action,
  });
  const visible = [...keys].filter((key) => shown(step.urn, key));
  const rows = visible
    .filter((key) => named(step, key) || !same(code[key], platformValue(step.oldState, key)))
    .sort()
    .map(row);
  if (rows.length > 0) return rows;
  // Nothing visible differs, and the engine names no property (a dynamic provider cannot): what changes is
  // a write-only secret, whose masks look alike.
  const secrets = visible
    .filter((key) => isWriteOnly(step.urn, key))
    .sort()
    .map(row);
  return secrets.length > 0
    ? secrets
    : [{ ...base, property: "", code: undefined, platform: undefined, action }];
}

/** Whether the engine named `key` as changing (a secret's change cannot be seen from its mask). */
function named(step: EngineStep, key: string): boolean {
  return (step.diffReasons ?? []).includes(key) || key in (step.detailedDiff ?? {});
}

/** All rows of one engine document. */
export function documentRows(json: EngineJson): ChangeRow[] {
  return documentSteps(json).flatMap(stepRows);
}

/** Resources the engine counts as changing (from its change summary). */
export function changedCount(json: EngineJson): number {
  return Object.entries(json.changeSummary ?? {})
    .filter(([op]) => op !== "same")
    .reduce((sum, [, n]) => sum + n, 0);
}
