// A number moves between two bridge number sets of one program as two updates: the set that gives
// it up and the set that takes it. The engine runs both in parallel, in either order, and one
// provider process serves every resource of a run (the dynamic-provider host or the plugin). So the
// giving set announces here, when it is checked, the numbers it gives up, and the taking set's
// connect that meets `number_already_linked` makes the move itself: disconnect from the giving
// bridge, connect to its own, in one call. The giving set's own disconnect then finds the number
// gone, which is success. The number is off every bridge for one round trip, whichever update the
// engine runs first, and no update waits for another (which `--parallel 1` could never schedule).

/** How long a connect waits for a set of this run to announce it gives the number up (it may be checked later). */
const ANNOUNCE_WAIT_MS = 10_000;

/** The numbers this process's sets give up in this run, by number: the bridge that gives each up. */
export class NumberReleases {
  readonly #givers = new Map<string, string>();
  readonly #listeners = new Set<() => void>();

  constructor(private readonly waitMs = ANNOUNCE_WAIT_MS) {}

  /** Records that `bridgeSlug`'s set gives `phoneNumber` up in this run. */
  announce(phoneNumber: string, bridgeSlug: string): void {
    this.#givers.set(phoneNumber, bridgeSlug);
    for (const wake of this.#listeners) wake();
  }

  /** The bridge a set of this run gives the number up from, waiting a bounded time for its announcement. */
  giver(phoneNumber: string): Promise<string | undefined> {
    const known = this.#givers.get(phoneNumber);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => {
      const stop = (found: string | undefined) => {
        clearTimeout(timer);
        this.#listeners.delete(wake);
        resolve(found);
      };
      const wake = () => {
        const found = this.#givers.get(phoneNumber);
        if (found !== undefined) stop(found);
      };
      const timer = setTimeout(() => stop(undefined), this.waitMs);
      this.#listeners.add(wake);
    });
  }
}

/** The releases of this process: one run of the engine. */
export const numberReleases = new NumberReleases();
