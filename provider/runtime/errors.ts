import { VoiceApiError } from "../../sdk";
import { VoiceConfigError } from "../connection/config";

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

/**
 * Makes an error print as its message alone, without frames into the package's files. The
 * dynamic-provider host prints a failed check, diff, read or delete as `${error}: ${error.stack}` on
 * its stderr, which the engine shows the user next to the error itself; with `toString()` answering
 * the head of the message and `stack` the rest, that line is the message and nothing more.
 */
function withoutStack(error: Error, head: string, rest: string): void {
  Object.defineProperty(error, "stack", { value: rest, configurable: true, writable: true });
  Object.defineProperty(error, "toString", { value: () => head, configurable: true, writable: true });
}

/**
 * Names the resource type and operation in front of the SDK's message (method, path, status,
 * platform text). An expected failure (see {@link isExpectedFailure}) carries no stack.
 */
export function operationError(type: string, operation: string, err: unknown): Error {
  const detail = err instanceof Error ? err.message : String(err);
  const head = `voice:${type} ${operation} failed`;
  const wrapped = new Error(`${head}: ${detail}`);
  if (isExpectedFailure(err)) withoutStack(wrapped, head, detail);
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
