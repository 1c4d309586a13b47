import { VoiceApiError } from "../sdk";
import { VoiceConfigError } from "./config";

/** What the dynamic-provider host reads off a create error to record a resource that was made before the failure. */
const PARTIAL_KEYS = ["id", "properties", "reasons"] as const;

/**
 * A failure the user causes or can act on, as opposed to a bug: missing or wrong configuration, a
 * refused token, an unreachable platform, any answer of the platform, or a lookup that found
 * nothing (a plain `Error` with a message written for the user). Shown without a stack.
 */
export function isExpectedFailure(err: unknown): err is Error {
  return (
    err instanceof VoiceApiError ||
    err instanceof VoiceConfigError ||
    (err instanceof Error && Object.getPrototypeOf(err) === Error.prototype)
  );
}

/** Names the resource type and operation in front of the SDK's message (method, path, status, platform text). */
export function operationError(type: string, operation: string, err: unknown): Error {
  const detail = err instanceof Error ? err.message : String(err);
  const wrapped = new Error(`voice:${type} ${operation} failed: ${detail}`);
  if (err instanceof VoiceApiError) wrapped.name = err.name;
  if (err !== null && typeof err === "object") {
    for (const key of PARTIAL_KEYS) {
      if (key in err) Object.assign(wrapped, { [key]: (err as Record<string, unknown>)[key] });
    }
  }
  return wrapped;
}

/** Runs one provider operation, turning any failure into an {@link operationError}. */
export async function describeFailures<T>(
  type: string,
  operation: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw operationError(type, operation, err);
  }
}
