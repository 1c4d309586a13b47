import { isAlreadyLinked } from "../../runtime/link-writes";
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
 * live state of the bridge, so state says exactly what is linked and the next `up` connects the rest.
 * Without a live state (the bridge could not be read) the error is the write's alone.
 */
export function partialFailure(
  err: unknown,
  bridgeSlug: string,
  live: (BridgeNumbersOutputs & Record<string, unknown>) | undefined,
): unknown {
  if (live === undefined) return err;
  const linked = live.numbers.length;
  const message = err instanceof Error ? err.message : String(err);
  const failure = new Error(
    `${message} (bridge "${bridgeSlug}" holds ${linked} number(s) now, recorded in state; the next \`pulumi up\` makes the rest)`,
  );
  if (err instanceof Error) failure.name = err.name;
  // The engine prints an incomplete resource as "resource init failed" followed by its reasons.
  return Object.assign(failure, { id: bridgeSlug, properties: live, reasons: [failure.message] });
}
