import * as pulumi from "@pulumi/pulumi";
import type { VoiceClient } from "../../sdk";
import type { ConfigLookup } from "../connection/config";
import type { VoiceContext } from "../connection/context";
import { contextFor } from "../connection/context-cache";
import { isExpectedFailure } from "../runtime/errors";

// runtime.getConfig reads the stack configuration without the secret warning that Config.get prints;
// outside a Pulumi program it has nothing, and the environment fallbacks apply.
const lookup: ConfigLookup = (key) => {
  try {
    return pulumi.runtime.getConfig(key);
  } catch {
    return undefined;
  }
};

/** The program process's connection, used by the data sources (one client and guard per configuration). */
function programContext(): VoiceContext {
  return contextFor(lookup);
}

/** One error object per distinct message: Pulumi reports each error object once, so a cause is printed once. */
const failures = new Map<string, pulumi.RunError>();

/**
 * Pulumi attaches handlers to a program's Outputs late (when it gathers the stack outputs), so the
 * Output of a lookup that failed early counts as "handled asynchronously" and Node prints a
 * PromiseRejectionHandledWarning, with a stack into @pulumi/pulumi, after the error itself. Once a
 * lookup has failed the program fails anyway, and that warning tells the user nothing: a listener
 * for `rejectionHandled` keeps Node from printing it.
 */
const quietLateHandling = (() => {
  let quiet = false;
  return () => {
    if (!quiet) process.on("rejectionHandled", () => undefined);
    quiet = true;
  };
})();

/**
 * An expected failure in the program as a {@link pulumi.RunError}, which Pulumi prints as its message
 * alone, without a stack; the same message gives the same object, so it is printed once however
 * many data sources meet it.
 */
export function programFailure(message: string): pulumi.RunError {
  quietLateHandling();
  let failure = failures.get(message);
  if (!failure) {
    failure = new pulumi.RunError(message);
    // Pulumi prints an error that arrives after the program's main code has finished (an Output's
    // apply that rejects late) by its `stack`; so the stack is the message, as Pulumi may amend it
    // ("error serializing property …").
    const self = failure;
    Object.defineProperty(failure, "stack", { get: () => self.message, configurable: true });
    failures.set(message, failure);
  }
  return failure;
}

/**
 * The failure of the program's connection (bad or missing configuration, a refused token, an
 * unreachable platform) as a {@link programFailure}, shared by every data source. Anything else (a
 * bug) is left as it is, stack included.
 */
function connectionFailure(err: unknown): unknown {
  return isExpectedFailure(err) ? programFailure(err.message) : err;
}

/** The client for a data source, once the connection is checked; a failure is a {@link connectionFailure}. */
export async function programClient(): Promise<VoiceClient> {
  try {
    return await programContext().ready();
  } catch (err) {
    throw connectionFailure(err);
  }
}
