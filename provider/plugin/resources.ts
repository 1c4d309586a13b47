import { descriptorOfUrn } from "../resources/registry";
import type { ResourceDescriptor } from "../runtime/descriptor";
import { parseUrn } from "../urn/urn";

/** The resource a URN names (`urn:pulumi:<stack>::<project>::voice:index:<Type>::<name>`), or an error naming its type. */
export function resourceOf(urn: string): ResourceDescriptor {
  const found = descriptorOfUrn(urn);
  if (!found) throw new Error(`unknown resource type ${parseUrn(urn)?.token ?? ""} (in ${urn})`);
  return found;
}
