import * as pulumi from "@pulumi/pulumi";
import type { VoiceClient } from "../sdk";
import { type ConfigLookup, configFingerprint } from "./config";
import { VoiceContext } from "./context";
import { isExpectedFailure } from "./errors";

let current: { fingerprint: string; context: VoiceContext } | undefined;

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
export function programContext(): VoiceContext {
  const fingerprint = configFingerprint(lookup);
  if (current?.fingerprint !== fingerprint) current = { fingerprint, context: new VoiceContext(lookup) };
  return current.context;
}

/** One error object per distinct cause: Pulumi reports each error object once, so a cause is printed once. */
const failures = new Map<string, pulumi.RunError>();

/**
 * The failure of the program's connection (bad or missing configuration, a refused token, an
 * unreachable platform) as a {@link pulumi.RunError}: Pulumi prints its message without a stack.
 * Every data source that meets the same cause gets the same object, so however many lookups a
 * program makes, the cause is printed once. Anything else (a bug) is left as it is, stack included.
 */
export function connectionFailure(err: unknown): unknown {
  if (!isExpectedFailure(err)) return err;
  let failure = failures.get(err.message);
  if (!failure) {
    failure = new pulumi.RunError(err.message);
    failures.set(err.message, failure);
  }
  return failure;
}

/** The client for a data source, once the connection is checked; a failure is a {@link connectionFailure}. */
export async function programClient(): Promise<VoiceClient> {
  try {
    return await programContext().ready();
  } catch (err) {
    throw connectionFailure(err);
  }
}
