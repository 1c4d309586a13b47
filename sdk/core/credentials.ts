import { createApiError } from "./errors";

// The platform token and the chat endpoint key are separate credentials the spec says must not be
// mixed: each client refuses the option that names the other's, so a key is never sent to the
// wrong host (where it would be refused, or worse, logged).

/** Throws an InvalidArgumentError when `options` has `key` set; `reason` says what to do instead. */
export function refuseOption(options: unknown, key: string, reason: string): void {
  if (
    options !== null &&
    typeof options === "object" &&
    (options as Record<string, unknown>)[key] !== undefined
  ) {
    throw createApiError({ kind: "argument", method: "", path: "", field: `options.${key}`, reason });
  }
}
