import { declaredNumbers } from "../declared-numbers";
import { describe, knownString, type VoiceResource } from "../voice-resource";

/** A violation the stack rule attaches to one resource. */
export interface ResourceViolation {
  message: string;
  urn: string;
}

/**
 * A number sits on one bridge at a time, so it is declared once: by one BridgeNumber, or once in one
 * BridgeNumbers set. Every other declaration is reported, naming the number, both resources and their
 * bridges. The engine hands over resources in no fixed order, so the first is the one whose URN sorts
 * first: the same report on every run.
 */
export function numberOnOneBridgeViolations(resources: readonly VoiceResource[]): ResourceViolation[] {
  const first = new Map<string, VoiceResource>();
  const violations: ResourceViolation[] = [];
  for (const resource of [...resources].sort((a, b) => a.urn.localeCompare(b.urn))) {
    for (const number of declaredNumbers(resource).numbers) {
      const earlier = first.get(number);
      if (earlier === undefined) {
        first.set(number, resource);
        continue;
      }
      const message =
        earlier === resource
          ? `${describe(resource)} declares ${number} twice; declare each number once`
          : `${describe(resource)} declares ${number} on ${bridge(resource)}, which ${describe(earlier)} already ` +
            `declares on ${bridge(earlier)}; a number sits on one bridge at a time`;
      violations.push({ urn: resource.urn, message });
    }
  }
  return violations;
}

const bridge = (link: VoiceResource): string => {
  const slug = knownString(link.props.bridgeSlug);
  return slug === undefined ? "a bridge not known until apply" : `bridge "${slug}"`;
};
