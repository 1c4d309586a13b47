import { randomUUID } from "node:crypto";
import type { Finding } from "./found-on-platform";
import type { CheckpointResource, Deployment } from "./pending-creates";
import type { Plan, PlannedCreate } from "./planned-creates";

/** The deployment with the found resources recorded, and which were recorded. */
export interface Recorded {
  deployment: Deployment;
  recorded: PlannedCreate[];
  /** Found and equal, yet not recordable: what they hang on (a parent, the provider, a dependency) is not in state. */
  unanchored: { create: PlannedCreate; missing: string[] }[];
}

/**
 * Records each found create (equal, or part-made as the platform has it) in the deployment as `pulumi stack import` takes it: after its
 * parent, provider and dependencies. The program's stack resource (and any component parent) and the
 * provider resource are recorded first when the state lacks them (a lost state file, a first run).
 */
export function recordFound(deployment: Deployment, plan: Plan, findings: readonly Finding[]): Recorded {
  const resources = [...(deployment.resources ?? [])];
  const byUrn = new Map(resources.map((r) => [r.urn, r]));
  const planned = new Map(plan.creates.map((c) => [c.urn, c]));
  const add = (r: CheckpointResource) => {
    resources.push(r);
    byUrn.set(r.urn, r);
  };

  /** Records a component ancestor the plan creates (the stack resource first of all); false when it cannot. */
  const anchorParent = (urn: string | undefined): boolean => {
    if (urn === undefined || byUrn.has(urn)) return true;
    const parent = planned.get(urn);
    if (!parent || parent.custom || !anchorParent(parent.parent)) return false;
    add({ urn, custom: false, type: parent.type, ...(parent.parent ? { parent: parent.parent } : {}) });
    return true;
  };

  /** The provider reference (`<urn>::<id>`) of the state's provider, recording the planned one if need be. */
  const providerRef = (reference: string | undefined): string | undefined => {
    if (reference === undefined) return undefined;
    const urn = reference.slice(0, reference.lastIndexOf("::"));
    const existing = byUrn.get(urn);
    if (existing?.id) return `${urn}::${existing.id}`;
    const goal = plan.providers.get(urn);
    if (!goal || !anchorParent(goal.parent)) return undefined;
    // A provider's id is any unique string; the engine makes a UUID.
    const id = randomUUID();
    add({
      urn,
      custom: true,
      id,
      type: goal.type,
      inputs: goal.inputs,
      outputs: goal.inputs,
      ...(goal.parent ? { parent: goal.parent } : {}),
    });
    return `${urn}::${id}`;
  };

  const recorded: PlannedCreate[] = [];
  const unanchored: Recorded["unanchored"] = [];
  for (const f of findings) {
    if (f.kind !== "equal" && f.kind !== "partial") continue;
    const c = f.create;
    // The engine writes the stack resource before the provider: so does this.
    const parented = anchorParent(c.parent);
    const provider = providerRef(c.provider);
    const anchored =
      parented &&
      (c.provider === undefined || provider !== undefined) &&
      c.dependencies.every((d) => byUrn.has(d));
    if (!anchored) {
      const hangsOn = [
        c.parent,
        c.provider === undefined ? undefined : c.provider.slice(0, c.provider.lastIndexOf("::")),
        ...c.dependencies,
      ];
      const missing = hangsOn.filter((u): u is string => u !== undefined && !byUrn.has(u));
      unanchored.push({ create: c, missing });
      continue;
    }
    add({
      urn: c.urn,
      custom: true,
      id: f.id,
      type: c.type,
      inputs: c.inputs,
      outputs: f.outputs,
      ...(c.parent ? { parent: c.parent } : {}),
      ...(provider ? { provider } : {}),
      dependencies: c.dependencies,
      ...(c.propertyDependencies ? { propertyDependencies: c.propertyDependencies } : {}),
      ...(c.additionalSecretOutputs ? { additionalSecretOutputs: c.additionalSecretOutputs } : {}),
    });
    recorded.push(c);
  }
  return { deployment: { ...deployment, resources }, recorded, unanchored };
}
