// The modules these come from, not the package's index: the plugin loads this file through the links'
// index, and the index would load all of @pulumi/pulumi (the Automation API, closure serialization with
// TypeScript and npm's Arborist) into a process that needs none of it, a third of the plugin's start.
import { ResourceError } from "@pulumi/pulumi/errors";
import { type Input, output } from "@pulumi/pulumi/output";
import type { Resource } from "@pulumi/pulumi/resource";
import { getMonitor } from "@pulumi/pulumi/runtime/settings";
import { stripPhoneSeparators } from "../../sdk";

// A number sits on one bridge at a time, so a program that declares one number in two
// BridgeNumbers cannot succeed: the second connect would fail in the middle of `up`. The program
// knows it before the engine does, once the numbers resolve, so it fails at preview instead.

/**
 * Who declares numbers: the resource type and name, as messages name it, and whether several of its
 * type may declare one bridge's numbers together (per-link resources; a set declares all of them).
 */
export interface Claimant {
  readonly type: string;
  readonly name: string;
  readonly shares: boolean;
}

const named = (c: Claimant): string => `${c.type} "${c.name}"`;

/** Numbers claimed in each program run, and the bridges whose numbers a set or links declare. */
interface Claims {
  numbers: Map<string, string>;
  bridges: Map<string, Claimant>;
}

/** Claims by program run (keyed by the run's monitor: inline programs run several times per process). */
const claimsByRun = new WeakMap<object, Claims>();
const outsideAnyRun = {};

function claimsOfThisRun(): Claims {
  const run: object = getMonitor() ?? outsideAnyRun;
  let claims = claimsByRun.get(run);
  if (!claims) {
    claims = { numbers: new Map(), bridges: new Map() };
    claimsByRun.set(run, claims);
  }
  return claims;
}

/**
 * Records that `claimant` declares `number` (E.164, separators removed); when another resource of
 * this program already declared it, throws an error that names both resources and the number,
 * attached to the second resource, without a stack trace.
 */
export function recordNumber(resource: Resource, claimant: Claimant, number: string): void {
  const claims = claimsOfThisRun().numbers;
  const who = named(claimant);
  const first = claims.get(number);
  if (first === undefined || first === who) {
    claims.set(number, who);
    return;
  }
  throw new ResourceError(
    `${who} declares phone number ${number}, which ${first} already declares: ` +
      "a number sits on one bridge at a time, so declare each number once",
    resource,
    true,
  );
}

/** {@link recordNumber} of one number, once it is known. */
export function claimNumber(resource: Resource, claimant: Claimant, phoneNumber: Input<string>): void {
  output(phoneNumber).apply((raw) => {
    if (typeof raw === "string") recordNumber(resource, claimant, stripPhoneSeparators(raw));
  });
}

/**
 * Records that `claimant` declares numbers of bridge `slug`, once the slug is known. A bridge's
 * numbers are declared by one set or by per-link resources: a set beside links of the same bridge,
 * or two sets of one bridge, would undo each other's connects on every `up`, so the program fails at
 * preview naming both resources.
 */
export function claimBridge(resource: Resource, claimant: Claimant, slug: Input<string>): void {
  const claims = claimsOfThisRun().bridges;
  output(slug).apply((value) => {
    if (typeof value !== "string") return;
    const first = claims.get(value);
    if (first === undefined) {
      claims.set(value, claimant);
      return;
    }
    const links = claimant.shares && first.shares && claimant.type === first.type;
    if (links || (first.type === claimant.type && first.name === claimant.name)) return;
    throw new ResourceError(
      `${named(claimant)} declares numbers of bridge "${value}", whose numbers ${named(first)} ` +
        "already declares: a bridge's numbers are declared by one set or by links, not both, and by one set at most",
      resource,
      true,
    );
  });
}
