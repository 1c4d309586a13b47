import { isAlreadyLinked } from "../../links";
import type { BridgeNumbersOutputs } from "./schema";

/** The platform's `number_already_linked` for a set's number, with the ways out. */
export function explainAlreadyLinked(err: unknown, phoneNumber: string, bridgeSlug: string): unknown {
  if (!isAlreadyLinked(err)) return err;
  return new Error(
    `${err.message}. A number sits on one bridge at a time, and ${phoneNumber} cannot join bridge "${bridgeSlug}" ` +
      "while it is on another; no set of this program gave it up in this run. If another stack, a BridgeNumber or " +
      "the dashboard holds it, disconnect it there first, or remove it from this set",
  );
}

/**
 * A set's write failed midway: the error the engine records the set from (the dynamic-provider host
 * and the plugin read `id` and `properties` off it as a resource made but not finished), with the
 * set's state, so state says exactly what is linked and the next `up` connects the rest. The state
 * is the bridge as `read` after the failure or, when the bridge could not be read, as `tracked` by
 * the writes that succeeded.
 */
export function partialFailure(
  err: unknown,
  bridgeSlug: string,
  state: BridgeNumbersOutputs & Record<string, unknown>,
  source: "read" | "tracked",
): Error {
  const linked = state.numbers.length;
  const message = err instanceof Error ? err.message : String(err);
  const failure = new Error(
    source === "read"
      ? `${message} (bridge "${bridgeSlug}" holds ${linked} number(s) now, recorded in state; the next \`pulumi up\` makes the rest)`
      : `${message} (bridge "${bridgeSlug}" could not be read back: state records the ${linked} number(s) this set's writes linked; the next \`pulumi up\` reads it and makes the rest)`,
  );
  if (err instanceof Error) failure.name = err.name;
  // The engine prints an incomplete resource as "resource init failed" followed by its reasons.
  return Object.assign(failure, { id: bridgeSlug, properties: state, reasons: [failure.message] });
}
