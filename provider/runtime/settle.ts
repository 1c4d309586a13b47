import { setTimeout as sleep } from "node:timers/promises";
import {
  BadRequestError,
  ConnectionError,
  InternalServerError,
  RETRY_DEFAULTS,
  TimeoutError,
} from "../../sdk";

/** Statuses after which a write may or may not have been applied (a proxy or the platform gave up midway). */
const UNSURE_STATUSES = new Set([500, 502, 503, 504]);

/** Whether a failed write may have taken effect: the request left and no definite answer came back. */
export function isAmbiguous(err: unknown): boolean {
  if (err instanceof TimeoutError) return true;
  if (err instanceof ConnectionError) return err.sent;
  return err instanceof InternalServerError && err.status !== undefined && UNSURE_STATUSES.has(err.status);
}

/** Whether the platform refused a create because the natural key is taken. */
function isAlreadyExists(err: unknown): boolean {
  return (
    err instanceof BadRequestError && (err.code === "already_exists" || err.code === "number_already_linked")
  );
}

/** How to settle one create. */
export interface SettleSpec<T> {
  /** The natural key in words, e.g. `bridge slug "support-line"`. */
  key: string;
  /** Sends the create. */
  create: () => Promise<T>;
  /** Reads the record under the natural key; `undefined` when there is none. */
  lookup: () => Promise<T | undefined>;
  /** The declared fields whose live values differ from what was sent (empty when it is what we made). */
  differences: (found: T) => string[];
  /**
   * True when the key was taken before this create began (seen at `check`): a record found then is
   * somebody else's, never the answer to our lost request.
   */
  takenBefore: () => boolean;
  /** The error for a key somebody else holds, naming the holder and the ways out; `failure` is the platform's refusal. */
  taken: (failure: unknown) => Promise<unknown>;
  /** Creates sent at most. */
  attempts: number;
  /** Backoff base between attempts in ms (capped exponential, full jitter). */
  baseDelayMs: number;
}

/**
 * Sends a create and, when its fate is unknown (connection lost after sending, timeout, 5xx), settles
 * it by reading the natural key instead of guessing: found and equal to what was sent is the created
 * record; not found is sent again (capped, with backoff); found but different is an error naming the
 * fields. A replay that meets "already exists" settles the same way. The platform has no idempotency
 * keys, so this is the only safe way to retry a POST.
 *
 * A record is ours only if an earlier attempt of this same create may have made it: a definite
 * "already exists" with no such attempt before it is somebody else's (another stack, the dashboard,
 * a concurrent pipeline) and fails without reading or writing it.
 */
export async function settleCreate<T>(spec: SettleSpec<T>): Promise<T> {
  const { attempts } = spec;
  let unsure = false;
  for (let attempt = 1; ; attempt++) {
    let failure: unknown;
    try {
      return await spec.create();
    } catch (err) {
      failure = err;
    }
    if (!unsure && isAlreadyExists(failure)) throw await spec.taken(failure);
    const replayConflict = unsure && isAlreadyExists(failure);
    if (!isAmbiguous(failure) && !replayConflict) throw failure;
    unsure = true;
    const found = await spec.lookup();
    if (found !== undefined) return claim(spec, found, failure);
    if (attempt >= attempts) throw failure;
    await pause(attempt, spec.baseDelayMs);
  }
}

function claim<T>(spec: SettleSpec<T>, found: T, failure: unknown): T {
  if (spec.takenBefore()) throw failure;
  const differing = spec.differences(found);
  if (differing.length === 0) return found;
  // A plain Error: an expected failure, shown to the user as its message alone.
  throw new Error(
    `${spec.key} exists on the platform with other values than declared (${differing.join(", ")}) ` +
      "after a create whose answer was lost: something else wrote it at the same time",
  );
}

/** Waits before attempt `attempt + 1`: capped exponential backoff with full jitter, capped as the SDK's. */
export function pause(attempt: number, baseDelayMs: number): Promise<void> {
  const cap = Math.min(RETRY_DEFAULTS.retryMaxDelayMs, baseDelayMs * 2 ** Math.min(attempt - 1, 16));
  return sleep(Math.floor(Math.random() * cap)).then(() => undefined);
}
