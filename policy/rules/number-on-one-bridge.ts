import { stripPhoneSeparators } from "../../sdk/core/validate";
import { describe, knownString, type VoiceResource } from "../voice-resource";

/** A violation the stack rule attaches to one resource. */
export interface ResourceViolation {
  message: string;
  urn: string;
}

/**
 * A number sits on one bridge at a time, so it is declared by one BridgeNumber only: every other one
 * is reported, naming the number, both resources and their bridges. The engine hands over resources
 * in no fixed order, so the first is the one whose URN sorts first: the same report on every run.
 */
export function numberOnOneBridgeViolations(resources: readonly VoiceResource[]): ResourceViolation[] {
  const first = new Map<string, VoiceResource>();
  const violations: ResourceViolation[] = [];
  for (const link of [...resources].sort((a, b) => a.urn.localeCompare(b.urn))) {
    const raw = knownString(link.props.phoneNumber);
    if (link.type !== "BridgeNumber" || raw === undefined) continue;
    const number = stripPhoneSeparators(raw);
    const earlier = first.get(number);
    if (earlier === undefined) {
      first.set(number, link);
      continue;
    }
    violations.push({
      urn: link.urn,
      message:
        `${describe(link)} declares ${number} on ${bridge(link)}, which ${describe(earlier)} already ` +
        `declares on ${bridge(earlier)}; a number sits on one bridge at a time`,
    });
  }
  return violations;
}

const bridge = (link: VoiceResource): string => {
  const slug = knownString(link.props.bridgeSlug);
  return slug === undefined ? "a bridge not known until apply" : `bridge "${slug}"`;
};
