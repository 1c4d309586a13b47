// A stack's engine events (the Automation API's `onEvent`) gathered into what its report row needs:
// the steps in the shape `pulumi-voice-platform report` reads, the change summary, the policy
// violations and the error diagnostics. Nothing here parses the engine's text output.
import { stripVTControlCharacters } from "node:util";
import type { EngineEvent, StepEventMetadata, StepEventStateMetadata } from "@pulumi/pulumi/automation";
import { resourceLabel } from "../report/changes";
import { type EngineJson, type EngineState, type EngineStep, refreshOutcome } from "../report/engine-json";
import type { Violation } from "./fleet-report";

/** A diagnostic the engine reported as an error, on a resource or the stack. */
export interface ErrorDiagnostic {
  urn: string | undefined;
  message: string;
}

/** The engine's events of one operation, folded as they arrive (no event is kept whole). */
export class EngineEvents {
  /** The last step event of each resource and operation: its outputs event replaces its pre event. */
  readonly #steps = new Map<string, EngineStep>();
  /** Resources whose refresh has started and not yet ended. */
  readonly #refreshing = new Set<string>();
  #summary: Record<string, number> | undefined;
  readonly violations: Violation[] = [];
  readonly errors: ErrorDiagnostic[] = [];
  /** Resources whose step has completed (for progress). */
  completed = 0;

  /** `applied`: the operation changes things, so a step counts once it completed, not when it started. */
  constructor(private readonly applied = false) {}

  /** Takes one event. */
  add(event: EngineEvent): void {
    const step = event.resOutputsEvent ?? event.resourcePreEvent ?? event.resOpFailedEvent;
    if (step && !engineOwn(step.metadata.type)) {
      const m = step.metadata;
      if (event.resOutputsEvent) this.completed++;
      if (event.resourcePreEvent && m.op === "refresh") this.#refreshing.add(m.urn);
      if (!event.resourcePreEvent && this.#refreshing.delete(m.urn)) {
        // A refresh's outcome arrives as the change it records (`update`, `delete`, `same`), the recorded
        // state as `old` and the platform's as `new`: kept as the refresh step the report reads.
        this.#steps.set(`${m.urn}\u0000refresh`, refreshOutcome(toStep(m)));
        return;
      }
      if (event.resOutputsEvent || !this.applied) this.#steps.set(`${m.urn}\u0000${m.op}`, toStep(m));
    }
    if (event.summaryEvent) this.#summary = { ...event.summaryEvent.resourceChanges };
    const policy = event.policyEvent;
    if (policy)
      this.violations.push({
        policy: policy.policyName,
        pack: policy.policyPackName,
        level: policy.enforcementLevel === "mandatory" ? "mandatory" : "advisory",
        resource: policy.resourceUrn ? resourceLabel(policy.resourceUrn) : "",
        message: clean(policy.message),
      });
    const diagnostic = event.diagnosticEvent;
    if (diagnostic?.severity === "error")
      this.errors.push({ urn: diagnostic.urn || undefined, message: clean(diagnostic.message) });
  }

  /** The operation as the engine's JSON would give it, for `buildReport`. */
  document(): EngineJson {
    return { steps: [...this.#steps.values()], ...(this.#summary ? { changeSummary: this.#summary } : {}) };
  }

  /** The engine's count of resources by operation (empty before its summary). */
  summary(): Record<string, number> {
    return { ...(this.#summary ?? {}) };
  }
}

/** The engine's own resources (the stack, the providers): not the platform's, so never a row of the report. */
const engineOwn = (type: string): boolean =>
  type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:");

/** A step event's metadata in the shape of a step of the engine's JSON. */
function toStep(m: StepEventMetadata): EngineStep {
  const detailedDiff = m.detailedDiff
    ? Object.fromEntries(Object.entries(m.detailedDiff).map(([k, d]) => [k, { kind: d.diffKind }]))
    : undefined;
  return {
    op: m.op,
    urn: m.urn,
    oldState: state(m.old),
    newState: state(m.new),
    ...(detailedDiff ? { detailedDiff } : {}),
    ...(m.diffs ? { diffReasons: m.diffs } : {}),
  };
}

function state(s: StepEventStateMetadata | undefined): EngineState | null {
  if (!s) return null;
  return { urn: s.urn, type: s.type, id: s.id, inputs: s.inputs ?? {}, outputs: s.outputs ?? {} };
}

/** A message as one plain paragraph: no colours, no trailing newline. */
function clean(text: string): string {
  return stripVTControlCharacters(text).trim();
}
