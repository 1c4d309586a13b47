import { runtimeContext } from "../connection/context-cache";
import { LOOKUPS, type Lookup } from "../lookups";
import { nativeToken } from "../urn/type-token";

/** The lookups served as invokes, `voice:index:<name>`. */
export const INVOKES = LOOKUPS.map((lookup) => lookup.name);

/** The lookup an invoke token names, if any. */
export const lookupOf = (token: string): Lookup | undefined =>
  LOOKUPS.find((l) => nativeToken(l.name) === token);

/**
 * Runs an invoke with the configured client. A list answers `{ items }` (an invoke's result is an
 * object); a record is answered as is.
 */
export async function invoke(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const lookup = lookupOf(token);
  if (!lookup) throw new Error(`unknown function ${token}`);
  const result = await lookup.run(await runtimeContext().ready(), args);
  return lookup.many ? { items: result } : (result as Record<string, unknown>);
}
