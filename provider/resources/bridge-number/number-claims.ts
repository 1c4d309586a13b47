import * as pulumi from "@pulumi/pulumi";
import { stripPhoneSeparators } from "../../../sdk";

// A number sits on one bridge at a time, so a program that declares one number in two
// BridgeNumbers cannot succeed: the second connect would fail in the middle of `up`. The program
// knows it before the engine does, once the numbers resolve, so it fails at preview instead.

/** The per-link and the set resource types, as claims name them. */
export type LinkType = "BridgeNumber" | "BridgeNumbers";

/** Numbers claimed in each program run, and the bridges whose numbers a set or links declare. */
interface Claims {
  numbers: Map<string, string>;
  bridges: Map<string, { type: LinkType; name: string }>;
}

/** Claims by program run (keyed by the run's monitor: inline programs run several times per process). */
const claimsByRun = new WeakMap<object, Claims>();
const outsideAnyRun = {};

function claimsOfThisRun(): Claims {
  const run: object = pulumi.runtime.getMonitor() ?? outsideAnyRun;
  let claims = claimsByRun.get(run);
  if (!claims) {
    claims = { numbers: new Map(), bridges: new Map() };
    claimsByRun.set(run, claims);
  }
  return claims;
}

/**
 * Records that resource `name` declares `number` (E.164, separators removed); when another resource
 * of this program already declared it, throws an error that names both resources and the number,
 * attached to the second resource, without a stack trace.
 */
export function recordNumber(resource: pulumi.Resource, type: LinkType, name: string, number: string): void {
  const claims = claimsOfThisRun().numbers;
  const who = `${type} "${name}"`;
  const first = claims.get(number);
  if (first === undefined || first === who) {
    claims.set(number, who);
    return;
  }
  throw new pulumi.ResourceError(
    `${who} declares phone number ${number}, which ${first} already declares: ` +
      "a number sits on one bridge at a time, so declare each number once",
    resource,
    true,
  );
}

/** {@link recordNumber} for a BridgeNumber, once its number is known. */
export function claimNumber(
  resource: pulumi.Resource,
  name: string,
  phoneNumber: pulumi.Input<string>,
): void {
  pulumi.output(phoneNumber).apply((raw) => {
    if (typeof raw === "string") recordNumber(resource, "BridgeNumber", name, stripPhoneSeparators(raw));
  });
}

/**
 * Records that resource `name` declares numbers of bridge `slug`, once the slug is known. A bridge's
 * numbers are declared by one BridgeNumbers set or by BridgeNumber links: a set beside links of the
 * same bridge, or two sets of one bridge, would undo each other's connects on every `up`, so the
 * program fails at preview naming both resources.
 */
export function claimBridge(
  resource: pulumi.Resource,
  type: LinkType,
  name: string,
  slug: pulumi.Input<string>,
): void {
  const claims = claimsOfThisRun().bridges;
  pulumi.output(slug).apply((value) => {
    if (typeof value !== "string") return;
    const first = claims.get(value);
    if (first === undefined) {
      claims.set(value, { type, name });
      return;
    }
    const links = type === "BridgeNumber" && first.type === "BridgeNumber";
    if (links || (first.type === type && first.name === name)) return;
    throw new pulumi.ResourceError(
      `${type} "${name}" declares numbers of bridge "${value}", whose numbers ${first.type} "${first.name}" ` +
        "already declares: a bridge's numbers are declared by one BridgeNumbers set or by BridgeNumber links, " +
        "not both, and by one set at most",
      resource,
      true,
    );
  });
}
