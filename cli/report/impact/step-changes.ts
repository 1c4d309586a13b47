// The engine's planned steps as the changes the impact core reads: each resource's one change (a
// replacement's three steps are one `replace`), its recorded state and its new inputs.
import type { ChangeOp, ResourceChange } from "../../../provider/impact";
import { descriptorOfUrn } from "../../../provider/resources/registry";
import type { ResourceDescriptor } from "../../../provider/runtime/descriptor";
import { documentSteps, type EngineJson, type EngineStep } from "../engine-json";

/** A planned change of one of this package's resources, with its descriptor and URN. */
export interface PlannedChange {
  urn: string;
  descriptor: ResourceDescriptor;
  change: ResourceChange;
}

/** The engine's step operations that change a resource, as the impact core names them. */
const OPS: Readonly<Record<string, ChangeOp>> = {
  create: "create",
  update: "update",
  replace: "replace",
  delete: "delete",
};

function changeOf(step: EngineStep): ResourceChange | undefined {
  const op = OPS[step.op];
  if (op === undefined) return undefined;
  const olds = step.oldState ? { ...step.oldState.inputs, ...step.oldState.outputs } : undefined;
  const news = op === "delete" ? undefined : step.newState?.inputs;
  return { op, ...(olds ? { olds } : {}), ...(news ? { news } : {}) };
}

/**
 * Every planned change of the documents' steps, one per resource: a refreshed document's plan (made
 * against the platform as it is) before a plain one's. A refresh's own findings are drift, not a plan.
 */
export function plannedChanges(documents: readonly EngineJson[]): PlannedChange[] {
  const refreshed = documents.filter((d) => (d.steps ?? []).some((s) => s.op === "refresh"));
  const plain = documents.filter((d) => !refreshed.includes(d));
  const byUrn = new Map<string, PlannedChange>();
  for (const doc of [...plain, ...refreshed])
    for (const step of documentSteps(doc)) {
      const descriptor = descriptorOfUrn(step.urn);
      const change = descriptor && changeOf(step);
      if (descriptor && change) byUrn.set(step.urn, { urn: step.urn, descriptor, change });
    }
  return [...byUrn.values()];
}
