import * as pulumi from "@pulumi/pulumi";
import { stripPhoneSeparators } from "../../../sdk";

// A number sits on one bridge at a time, so a program that declares one number in two
// BridgeNumbers cannot succeed: the second connect would fail in the middle of `up`. The program
// knows it before the engine does, once the numbers resolve, so it fails at preview instead.

/** Numbers claimed in each program run (keyed by the run's monitor: inline programs run several times per process). */
const claimsByRun = new WeakMap<object, Map<string, string>>();
const outsideAnyRun = {};

function claimsOfThisRun(): Map<string, string> {
  const run: object = pulumi.runtime.getMonitor() ?? outsideAnyRun;
  let claims = claimsByRun.get(run);
  if (!claims) {
    claims = new Map();
    claimsByRun.set(run, claims);
  }
  return claims;
}

/**
 * Records that resource `name` declares `phoneNumber`; when another BridgeNumber of this program
 * already declared the same number (after removing separators), fails the run with an error that
 * names both resources and the number, attached to the second resource, without a stack trace.
 */
export function claimNumber(
  resource: pulumi.Resource,
  name: string,
  phoneNumber: pulumi.Input<string>,
): void {
  const claims = claimsOfThisRun();
  pulumi.output(phoneNumber).apply((raw) => {
    if (typeof raw !== "string") return;
    const number = stripPhoneSeparators(raw);
    const first = claims.get(number);
    if (first === undefined || first === name) {
      claims.set(number, name);
      return;
    }
    throw new pulumi.ResourceError(
      `BridgeNumber "${name}" declares phone number ${number}, which BridgeNumber "${first}" already declares: ` +
        "a number sits on one bridge at a time, so declare each number once",
      resource,
      true,
    );
  });
}
