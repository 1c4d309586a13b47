// A number moves between two bridge number sets of one program as two updates: the set that gives
// it up disconnects it, the set that takes it connects it. The engine runs both updates in parallel,
// in either order, and one provider process serves every resource of a run (the dynamic-provider
// host or the plugin). So the giving set announces the number here when it is checked, and a connect
// that meets `number_already_linked` waits for that disconnect instead of failing: the number is then
// off every bridge for one round trip, whichever update the engine ran first.

/** How long a connect waits for a set of this run to announce it gives the number up. */
const ANNOUNCE_WAIT_MS = 10_000;
/** How long a connect waits for an announced disconnect to happen. */
const RELEASE_WAIT_MS = 300_000;

interface Release {
  /** The bridge that gives the number up. */
  readonly bridgeSlug: string;
  readonly done: Promise<void>;
  settle(): void;
  settled: boolean;
}

/** The numbers this process's sets give up in this run, and who waits for them. */
export class NumberReleases {
  readonly #releases = new Map<string, Release>();
  readonly #announced = new Set<() => void>();

  /** Records that `bridgeSlug`'s set gives `phoneNumber` up in this run (once per number and bridge). */
  announce(phoneNumber: string, bridgeSlug: string): void {
    const known = this.#releases.get(phoneNumber);
    if (known && !known.settled && known.bridgeSlug === bridgeSlug) return;
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const release: Release = {
      bridgeSlug,
      done,
      settled: false,
      settle: () => {
        release.settled = true;
        settle();
      },
    };
    this.#releases.set(phoneNumber, release);
    for (const wake of this.#announced) wake();
  }

  /** Whether a set of this run gives the number up (announced, disconnected or not yet). */
  announced(phoneNumber: string): boolean {
    return this.#releases.has(phoneNumber);
  }

  /** The giving set's disconnect of the number happened, or will not happen in this run (its update failed). */
  settled(phoneNumber: string): void {
    this.#releases.get(phoneNumber)?.settle();
  }

  /**
   * Waits until a set of this run has given `phoneNumber` up: true once its disconnect is over (or
   * its update gave up), false when no set announced it within the wait, so the caller fails.
   */
  async waitFor(phoneNumber: string): Promise<boolean> {
    const release = this.#releases.get(phoneNumber) ?? (await this.#announcement(phoneNumber));
    if (!release) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, RELEASE_WAIT_MS);
    });
    await Promise.race([release.done, timeout]);
    clearTimeout(timer);
    return release.settled;
  }

  #announcement(phoneNumber: string): Promise<Release | undefined> {
    return new Promise((resolve) => {
      const stop = (found: Release | undefined) => {
        clearTimeout(timer);
        this.#announced.delete(wake);
        resolve(found);
      };
      const wake = () => {
        const found = this.#releases.get(phoneNumber);
        if (found) stop(found);
      };
      const timer = setTimeout(() => stop(undefined), ANNOUNCE_WAIT_MS);
      this.#announced.add(wake);
    });
  }
}

/** The releases of this process: one run of the engine. */
export const numberReleases = new NumberReleases();
