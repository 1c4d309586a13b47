import { descriptorOfToken } from "../../provider/resources/registry";
import { typeOfToken } from "../../provider/urn/type-token";

/** A resource as `pulumi stack export` writes it (the fields this package reads). */
export interface CheckpointResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  parent?: string;
  dependencies?: string[];
  [key: string]: unknown;
}

/** An operation the engine began and never saw finish. */
export interface PendingOperation {
  resource: CheckpointResource;
  type: string;
}

/** The `deployment` of an exported stack. */
export interface Deployment {
  resources?: CheckpointResource[];
  pending_operations?: PendingOperation[];
  [key: string]: unknown;
}

/**
 * Whether a token is of one of this package's dynamic resources, the ones recover rebuilds: their
 * recorded inputs carry the provider text the engine reads them with.
 */
const isDynamicResource = (token: string): boolean =>
  typeOfToken(token)?.door === "dynamic" && descriptorOfToken(token) !== undefined;

/** The interrupted creates of this package's resources. */
export function pendingCreates(deployment: Deployment): CheckpointResource[] {
  return (deployment.pending_operations ?? [])
    .filter((op) => op.type === "creating" && isDynamicResource(op.resource.type))
    .map((op) => op.resource);
}

/**
 * The deployment with each found create recorded as a resource under its id (outputs are its inputs
 * until the next refresh reads the live values; they carry the provider text the engine needs to read
 * it) and with no pending operation left: creates not found made nothing, and resources of other
 * pending operations are still in state for the refresh to settle.
 */
export function settlePendingCreates(deployment: Deployment, found: ReadonlyMap<string, string>): Deployment {
  const recovered = pendingCreates(deployment).flatMap((r) => {
    const id = found.get(r.urn);
    return id === undefined ? [] : [{ ...r, id, outputs: { ...r.inputs } }];
  });
  const resources = [...(deployment.resources ?? [])];
  const present = new Set(resources.map((r) => r.urn));
  // A resource must follow its parent and dependencies in a checkpoint.
  let waiting = recovered;
  while (waiting.length > 0) {
    const ready = waiting.filter((r) =>
      [r.parent, ...(r.dependencies ?? [])].every((u) => u === undefined || present.has(u) || !found.has(u)),
    );
    const next = ready.length > 0 ? ready : waiting;
    for (const r of next) {
      resources.push(r);
      present.add(r.urn);
    }
    waiting = waiting.filter((r) => !next.includes(r));
  }
  const { pending_operations: _dropped, ...rest } = deployment;
  return { ...rest, resources };
}
