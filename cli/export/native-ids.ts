import { nativeToken } from "../../provider/urn/type-token";
import type { Plan, PlannedResource } from "./plan";

/** One resource to take over by import: type, resource name, platform id, and its key in a YAML program. */
export interface ImportTarget {
  type: string;
  name: string;
  id: string;
  key: string;
}

/** Every planned resource, each followed by those grouped under it, in program order. */
export const inProgramOrder = (p: Plan): PlannedResource[] =>
  p.resources.flatMap((r) => [r, ...r.groups.flatMap((g) => g.members)]);

/** Every planned resource with the id the provider reads it by (the same ids `Type.get` takes). */
export function importTargets(p: Plan): ImportTarget[] {
  return inProgramOrder(p).map((r) => ({
    type: nativeToken(r.descriptor.type),
    name: r.name,
    id: r.id,
    key: r.variable,
  }));
}

/**
 * The file `pulumi import --file import.json` takes. Its `logicalName` is the resource name in the
 * state (the program's `name:`, so the program finds what was imported); its `name` is the key in
 * the code `pulumi import` generates (the program's own key).
 */
export function renderImportFile(p: Plan): string {
  const resources = importTargets(p).map(({ type, name, id, key }) => ({
    type,
    name: key,
    id,
    logicalName: name,
  }));
  return `${JSON.stringify({ resources }, null, 2)}\n`;
}
