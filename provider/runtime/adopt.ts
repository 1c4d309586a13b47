import { z } from "zod";

/** The name of the `adopt` input every type has: it only matters on create, so a diff never compares it. */
export const ADOPT = "adopt";

/**
 * The `adopt` input: `true` takes over an existing resource only when its live values equal the
 * declared ones (write-only secrets cannot be compared: they are left as the platform has them);
 * `"overwrite"` takes it over and writes every declared value, secrets included.
 */
export const adoptMode = z
  .union([z.boolean(), z.literal("overwrite")], { message: 'must be true, false or "overwrite"' })
  .optional()
  .describe(
    'On create, take over a live object with the same key instead of failing: `true` when it already matches, `"overwrite"` to update it to the declared values.',
  );

/** Refuses an adoption whose live values differ from the declared ones, naming each field. */
export function adoptionRefused(key: string, differing: readonly string[]): Error {
  return new Error(
    `cannot adopt ${key}: its live values differ from the declared ones in ${differing.join(", ")}. ` +
      'Declare the live values, or set adopt: "overwrite" to write the declared ones',
  );
}
