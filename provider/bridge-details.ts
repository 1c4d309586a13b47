import { setImmediate as nextTurn } from "node:timers/promises";
import { type BridgeDetail, NotFoundError, type VoiceClient } from "../sdk";

interface Flight {
  /** When the request was sent; undefined while it waits to be sent and anyone may join it. */
  started: number | undefined;
  promise: Promise<BridgeDetail | undefined>;
}

interface Writes {
  count: number;
  settled: Array<() => void>;
}

/** Longest a read waits for the bridge's writes in flight to finish before it goes anyway. */
const MAX_WRITE_WAIT_MS = 1_000;

/**
 * Reads bridge details on behalf of many concurrent callers with one request where it can.
 * The engine creates or refreshes the numbers of a bridge in parallel, and each needs the
 * bridge's detail view. A caller that just changed the bridge passes `since` (a moment taken after
 * its change) and joins a read not sent yet, or one sent after that moment; other callers also join
 * a read already under way. A read about to be sent first waits for the bridge's writes in flight
 * (see {@link write}): the engine's parallel links of one bridge connect together, so one read
 * after the burst serves them all instead of one read per link. Answers `undefined` when the bridge
 * does not exist.
 */
export class BridgeDetails {
  #clock = 0;
  readonly #flights = new Map<string, Flight>();
  readonly #writes = new Map<string, Writes>();

  constructor(private readonly client: () => Promise<VoiceClient>) {}

  /** A moment to pass to {@link get}: reads sent after it see everything finished before it. */
  now(): number {
    return ++this.#clock;
  }

  /** Runs `change`, a write to the bridge's links; reads of the bridge about to be sent wait for it. */
  async write<T>(slug: string, change: () => Promise<T>): Promise<T> {
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
      if (writes.count === 0) {
        this.#writes.delete(slug);
        for (const wake of writes.settled) wake();
      }
    }
  }

  /** The bridge's detail view: read after `since` when given, else possibly by a read under way. */
  get(slug: string, since?: number): Promise<BridgeDetail | undefined> {
    const joinable = this.#flights.get(slug);
    if (joinable && (since === undefined || joinable.started === undefined || joinable.started > since)) {
      return joinable.promise;
    }
    const flight: Flight = { started: undefined, promise: Promise.resolve(undefined) };
    flight.promise = this.#fly(slug, flight);
    this.#flights.set(slug, flight);
    return flight.promise;
  }

  async #fly(slug: string, flight: Flight): Promise<BridgeDetail | undefined> {
    // Waiting one turn lets the callers that finish at the same moment share this read, and waiting
    // for the bridge's writes in flight lets the links being connected right now share it too.
    await nextTurn();
    await this.#writesSettled(slug);
    flight.started = this.now();
    try {
      return await (await this.client()).bridges.retrieve(slug);
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    } finally {
      if (this.#flights.get(slug) === flight) this.#flights.delete(slug);
    }
  }

  #writesSettled(slug: string): Promise<void> {
    const writes = this.#writes.get(slug);
    if (!writes) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, MAX_WRITE_WAIT_MS);
      writes.settled.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
