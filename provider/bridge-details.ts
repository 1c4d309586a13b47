import { setImmediate as nextTurn } from "node:timers/promises";
import { type BridgeDetail, NotFoundError, type VoiceClient } from "../sdk";

interface Flight {
  /** When the request was sent; undefined while it waits to be sent and anyone may join it. */
  started: number | undefined;
  promise: Promise<BridgeDetail | undefined>;
}

/**
 * Reads bridge details on behalf of many concurrent callers with one request where it can.
 * The engine creates or refreshes the numbers of a bridge in parallel, and each needs the
 * bridge's detail view as of after its own call. A caller joins a read not sent yet, or one sent
 * after the caller's moment (`since`); otherwise it starts a new one. Answers `undefined` when
 * the bridge does not exist.
 */
export class BridgeDetails {
  #clock = 0;
  readonly #flights = new Map<string, Flight>();

  constructor(private readonly client: () => Promise<VoiceClient>) {}

  /** A moment to pass to {@link get}: reads sent after it see everything finished before it. */
  now(): number {
    return ++this.#clock;
  }

  /** The bridge's detail view, read no earlier than `since`. */
  get(slug: string, since: number = this.now()): Promise<BridgeDetail | undefined> {
    const joinable = this.#flights.get(slug);
    if (joinable && (joinable.started === undefined || joinable.started > since)) return joinable.promise;
    const flight: Flight = { started: undefined, promise: Promise.resolve(undefined) };
    flight.promise = this.#fly(slug, flight);
    this.#flights.set(slug, flight);
    return flight.promise;
  }

  async #fly(slug: string, flight: Flight): Promise<BridgeDetail | undefined> {
    // Waiting one turn lets the callers that finish at the same moment share this read.
    await nextTurn();
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
}
