// A number moves between two bridge number sets of one program as two updates: the set that gives
// it up and the set that takes it. The engine runs both in parallel, in either order, and one
// provider process serves every resource of a run (the dynamic-provider host or the plugin). So each
// set announces here, when it is checked, the numbers it gives up and the numbers it takes. The
// engine checks a resource when the program registers it, so a taker may be checked after the
// giver's update began: a giver with a number no set takes yet first waits until no set has been
// checked for a short while (CHECKS_IDLE_MS), then takes the takers as known. A set whose inputs
// wait for another resource's update (its bridge's rename) may be checked later still: the giver
// then disconnects the number, as it does for a plain removal. The taking set's connect that meets
// `number_already_linked` makes the move itself: disconnect from the giving bridge, connect to its
// own, in one call.
//
// The giving set's update does not disconnect a number a set of this run announced taking: it does
// its other writes, then waits until the taker's move has taken the number off its bridge (signalled
// here, in-process), and disconnects it itself only when the taker gives up or the bound passes. So
// the number is off every bridge for one round trip whichever update the engine runs first.
//
// Why the wait cannot deadlock: every wait here is bounded (`waitMs`), and no cycle exists anyway —
// the giver waits for the taker's move, but the taker's move waits only for the giver's check-time
// announcement, never for the giver's update. What `--parallel 1` costs: when the giver's update holds
// the only slot, the taker cannot run, so the giver waits out the bound once per update (all its
// handed numbers share one deadline), then disconnects them itself, and the taker connects them later
// — the old gap, plus the bound.

import { setTimeout as sleep } from "node:timers/promises";

/** How long a connect waits for a giver's announcement, and a giver for the taker's move. */
const WAIT_MS = 10_000;
/**
 * How long no set must have been checked before a giving set takes the run's takers as all known:
 * while the program is still registering sets, a taker may yet be checked.
 */
const CHECKS_IDLE_MS = 300;

/** What became of a number a set announced taking. */
type TakeOutcome = "moved" | "abandoned";

/** The numbers this process's sets give up and take in this run, and the moves made so far. */
export class NumberReleases {
  readonly #givers = new Map<string, string>();
  readonly #takers = new Map<string, string>();
  readonly #outcomes = new Map<string, TakeOutcome>();
  readonly #listeners = new Set<() => void>();
  #lastCheck = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly waitMs = WAIT_MS,
    private readonly idleMs = CHECKS_IDLE_MS,
  ) {}

  /** A set of this run was checked (the program is still registering while these keep coming). */
  checked(): void {
    this.#lastCheck = Date.now();
  }

  /** Until no set has been checked for a short while (every taker registered so far is known), within the bound. */
  async checksSettled(): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const now = Date.now();
      const idle = now - this.#lastCheck;
      if (idle >= this.idleMs || now >= deadline) return;
      await sleep(Math.min(this.idleMs - idle, deadline - now));
    }
  }

  /** Records that `bridgeSlug`'s set gives `phoneNumber` up in this run. */
  announce(phoneNumber: string, bridgeSlug: string): void {
    this.#givers.set(phoneNumber, bridgeSlug);
    this.#wake();
  }

  /** Records that `bridgeSlug`'s set takes `phoneNumber` in this run. */
  announceTake(phoneNumber: string, bridgeSlug: string): void {
    this.#takers.set(phoneNumber, bridgeSlug);
  }

  /** The bridge of the set of this run that announced taking the number, if any. */
  taker(phoneNumber: string): string | undefined {
    return this.#takers.get(phoneNumber);
  }

  /** The taker's move took the number off `fromSlug`: the giver waiting for it need not disconnect it. */
  moved(phoneNumber: string, fromSlug: string): void {
    if (this.#givers.get(phoneNumber) !== fromSlug) return;
    this.#outcomes.set(phoneNumber, "moved");
    this.#wake();
  }

  /** The taker will not move the number (its update failed first): the giver disconnects it at once. */
  abandon(phoneNumber: string, takerSlug: string): void {
    if (this.#takers.get(phoneNumber) !== takerSlug || this.#outcomes.has(phoneNumber)) return;
    this.#outcomes.set(phoneNumber, "abandoned");
    this.#wake();
  }

  /** The bridge a set of this run gives the number up from, waiting a bounded time for its announcement. */
  giver(phoneNumber: string): Promise<string | undefined> {
    return this.#until(() => this.#givers.get(phoneNumber), Date.now() + this.waitMs);
  }

  /**
   * Waits until the taker's move took each number off the giver's bridge, or the taker gave it up,
   * or the bound passed (one deadline for all); answers the numbers that were moved.
   */
  async handedOver(phoneNumbers: readonly string[]): Promise<Set<string>> {
    const deadline = Date.now() + this.waitMs;
    const outcomes = await Promise.all(
      phoneNumbers.map((p) => this.#until(() => this.#outcomes.get(p), deadline)),
    );
    return new Set(phoneNumbers.filter((_, i) => outcomes[i] === "moved"));
  }

  #wake(): void {
    for (const wake of this.#listeners) wake();
  }

  /** Resolves with `probe`'s first defined answer, or undefined at the deadline. */
  #until<T>(probe: () => T | undefined, deadline: number): Promise<T | undefined> {
    const known = probe();
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => {
      const stop = (found: T | undefined) => {
        clearTimeout(timer);
        this.#listeners.delete(wake);
        resolve(found);
      };
      const wake = () => {
        const found = probe();
        if (found !== undefined) stop(found);
      };
      const timer = setTimeout(() => stop(undefined), Math.max(0, deadline - Date.now()));
      this.#listeners.add(wake);
    });
  }
}

/** The releases of this process: one run of the engine. */
export const numberReleases = new NumberReleases();
