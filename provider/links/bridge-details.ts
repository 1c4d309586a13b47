import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { type BridgeDetail, NotFoundError, type VoiceClient } from "../../sdk";
import type { VoiceContext } from "../connection/context";

interface Flight {
  /** When the request was sent; undefined while it waits to be sent and anyone may join it. */
  started: number | undefined;
  /** Whether a caller that changed the bridge asked for it (its answer then serves that caller only). */
  readBack: boolean;
  promise: Promise<BridgeDetail | undefined>;
}

interface Writes {
  count: number;
  settled: Array<() => void>;
}

/** A plain read's answer, shared with the plain reads that follow it for a while. */
interface Answer {
  /** The moment (see {@link BridgeDetails.now}) its request was sent. */
  started: number;
  /** `performance.now()` when it arrived. */
  at: number;
  value: BridgeDetail | undefined;
}

/** Longest a read waits for the bridge's writes in flight (and the quiet after them) before it goes anyway. */
const MAX_WRITE_WAIT_MS = 1_000;
/**
 * How long a read-back waits after the bridge's last write finished, for the engine's next links of
 * the same bridge to start theirs: one read then serves every link connected meanwhile. The engine
 * starts links at its own pace (slower as its checkpoint grows, or on a busy machine), so the wait
 * is twice the recent gap between the bridge's writes, within these bounds.
 */
const QUIET_MS = { min: 25, max: 100 } as const;
/**
 * How long a plain read's answer serves other plain reads of the bridge. The engine refreshes a
 * bridge and its links together (each link needs the bridge's detail view), so one answer serves
 * them all, however slowly the engine reaches the links of a large estate or a busy machine; a
 * provider process lives for one engine operation, and a write of this process to the bridge ends
 * the sharing at once.
 */
const SHARED_ANSWER_MS = 60_000;

/**
 * Reads bridge details on behalf of many concurrent callers with one request where it can.
 * The engine creates or refreshes the numbers of a bridge in parallel, and each needs the
 * bridge's detail view. A caller that just changed the bridge passes `since` (a moment taken after
 * its change) and joins a read not sent yet, or one sent after that moment; other callers also join
 * a read already under way, or take the answer of a plain read made in the last
 * {@link SHARED_ANSWER_MS} with no write of this process to the bridge since. A read about to be
 * sent first waits for the bridge's writes in flight (see {@link write}) and then a short quiet
 * ({@link QUIET_MS}): the engine's parallel links of one bridge connect in a burst, so one read after the burst
 * serves them all instead of one read per link. Answers `undefined` when the bridge does not exist.
 */
export class BridgeDetails {
  #clock = 0;
  readonly #flights = new Map<string, Flight>();
  readonly #writes = new Map<string, Writes>();
  readonly #answers = new Map<string, Answer>();
  /** The moment the bridge's latest write by this process began: answers read before it are stale. */
  readonly #lastWrite = new Map<string, number>();
  /** `performance.now()` when the bridge's latest write finished. */
  readonly #lastWriteEnd = new Map<string, number>();
  /** `performance.now()` when the bridge's latest write began, and the recent gap between its writes. */
  readonly #pace = new Map<string, { last: number; gapMs: number }>();
  /** The moment this process last created or deleted the bridge under a slug (its id may differ since). */
  readonly #recordWrite = new Map<string, number>();
  #listing: { started: number; at: number; ids: Promise<ReadonlyMap<string, number>> } | undefined;
  /**
   * The share of its quiet a read-back waits. When a quiet passes with no new write of its bridge,
   * every step the engine runs at once is likely waiting in one, and no link will start until they
   * end: the share halves. A quiet that sees a write begin restores it.
   */
  #quietShare = 1;

  constructor(private readonly client: () => Promise<VoiceClient>) {}

  /** A moment to pass to {@link get}: reads sent after it see everything finished before it. */
  now(): number {
    return ++this.#clock;
  }

  /**
   * Runs `change`, a write to the bridge or its links; reads of the bridge about to be sent wait for
   * it. `record`: the change creates or deletes the bridge itself, so the slug's id may change.
   */
  async write<T>(slug: string, change: () => Promise<T>, { record = false } = {}): Promise<T> {
    this.#lastWrite.set(slug, this.now());
    const started = performance.now();
    const pace = this.#pace.get(slug);
    // A moving average, so one late link does not stretch every wait after it.
    const gapMs = pace ? (pace.gapMs + (started - pace.last)) / 2 : QUIET_MS.min;
    this.#pace.set(slug, { last: started, gapMs });
    if (record) this.#recordWrite.set(slug, this.now());
    this.#answers.delete(slug);
    let writes = this.#writes.get(slug);
    if (!writes) {
      writes = { count: 0, settled: [] };
      this.#writes.set(slug, writes);
    }
    writes.count++;
    try {
      return await change();
    } finally {
      writes.count--;
      this.#lastWriteEnd.set(slug, performance.now());
      if (writes.count === 0) {
        this.#writes.delete(slug);
        for (const wake of writes.settled) wake();
      }
    }
  }

  /** The bridge's detail view: read after `since` when given, else possibly by a read under way or just made. */
  get(slug: string, since?: number): Promise<BridgeDetail | undefined> {
    const answer = this.#answers.get(slug);
    if (answer && since === undefined && this.#fresh(slug, answer)) return Promise.resolve(answer.value);
    const joinable = this.#flights.get(slug);
    if (joinable && (since === undefined || joinable.started === undefined || joinable.started > since)) {
      if (since !== undefined) joinable.readBack = true;
      return joinable.promise;
    }
    const flight: Flight = {
      started: undefined,
      readBack: since !== undefined,
      promise: Promise.resolve(undefined),
    };
    flight.promise = this.#fly(slug, flight);
    this.#flights.set(slug, flight);
    return flight.promise;
  }

  /**
   * The id of the live bridge under `slug` (`undefined` when there is none), from one listing of all
   * bridges shared like a plain read's answer: a destroy checks each bridge it deletes against it, one
   * request for all of them. A slug this process created or deleted since the listing is read alone.
   */
  async liveId(slug: string): Promise<number | undefined> {
    const listing = this.#listing;
    const fresh = listing && performance.now() - listing.at <= SHARED_ANSWER_MS;
    if (fresh && listing.started > (this.#recordWrite.get(slug) ?? 0)) return (await listing.ids).get(slug);
    if (fresh) return (await this.get(slug))?.id;
    const started = this.now();
    const ids = this.client()
      .then((client) => client.bridges.list())
      .then((page) => new Map(page.data.map((b) => [b.slug, b.id])));
    this.#listing = { started, at: performance.now(), ids };
    ids.catch(() => {
      if (this.#listing?.ids === ids) this.#listing = undefined;
    });
    return (await ids).get(slug);
  }

  /** Forget every shared answer (as a new engine run would start with none). */
  forget(): void {
    this.#answers.clear();
    this.#listing = undefined;
  }

  #fresh(slug: string, answer: Answer): boolean {
    return (
      answer.started > (this.#lastWrite.get(slug) ?? 0) && performance.now() - answer.at <= SHARED_ANSWER_MS
    );
  }

  async #fly(slug: string, flight: Flight): Promise<BridgeDetail | undefined> {
    // Waiting one turn lets the callers that finish at the same moment share this read, and waiting
    // for the bridge's writes in flight (and a short quiet after them) lets the links being
    // connected right now, and those the engine starts next, share it too.
    await nextTurn();
    await this.#quiet(slug);
    flight.started = this.now();
    try {
      const value = await this.#retrieve(slug);
      // A read-back serves its writers; only a plain read is shared with the plain reads after it.
      if (!flight.readBack)
        this.#answers.set(slug, { started: flight.started, at: performance.now(), value });
      return value;
    } finally {
      if (this.#flights.get(slug) === flight) this.#flights.delete(slug);
    }
  }

  async #retrieve(slug: string): Promise<BridgeDetail | undefined> {
    try {
      return await (await this.client()).bridges.retrieve(slug);
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
  }

  /** Until no write of the bridge is in flight and none finished in the last quiet ({@link QUIET_MS}), within a cap. */
  async #quiet(slug: string): Promise<void> {
    const began = performance.now();
    const deadline = began + MAX_WRITE_WAIT_MS;
    let slept = false;
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) return;
      if (this.#writes.has(slug)) {
        await this.#writesSettled(slug, left);
        continue;
      }
      const sinceEnd = performance.now() - (this.#lastWriteEnd.get(slug) ?? Number.NEGATIVE_INFINITY);
      const paced = Math.min(QUIET_MS.max, 2 * (this.#pace.get(slug)?.gapMs ?? 0));
      const quiet = Math.max(QUIET_MS.min, this.#quietShare * paced);
      if (sinceEnd >= quiet) {
        if (slept) {
          const caught = (this.#pace.get(slug)?.last ?? 0) > began;
          this.#quietShare = caught ? 1 : this.#quietShare / 2;
        }
        return;
      }
      slept = true;
      await sleep(Math.min(quiet - sinceEnd, left));
    }
  }

  #writesSettled(slug: string, timeoutMs: number): Promise<void> {
    const writes = this.#writes.get(slug);
    if (!writes) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      writes.settled.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

const byContext = new WeakMap<VoiceContext, BridgeDetails>();

/** The shared reads of bridge details of a configured connection, so parallel links and refreshes of one bridge cost one request. */
export function bridgeDetails(context: VoiceContext): BridgeDetails {
  let details = byContext.get(context);
  if (!details) {
    details = new BridgeDetails(() => context.ready());
    byContext.set(context, details);
  }
  return details;
}
