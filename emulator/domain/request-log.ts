import type { FaultKind } from "./faults";

/** One platform request as `GET /_emulator/requests` reports it. */
export interface RequestLogEntry {
  method: string;
  /** Path below `/api/v2/platform`, without the query string. */
  path: string;
  /** The status answered; `0` when the connection was reset instead of answered. */
  status: number;
  orgHandle: string | null;
  /** ISO 8601 time the request arrived. */
  at: string;
  /**
   * The same arrival in milliseconds since the epoch with sub-millisecond resolution, for
   * intervals shorter than the millisecond `at` can show.
   */
  atMs: number;
  /** The `phone_number` the request's JSON body named (a link's connect or disconnect), if any. */
  phoneNumber?: string;
  /**
   * The injected fault that shaped the answer, if any: the one that decided it (`status`,
   * `rate-limit`, a reset), or `latency` when a delay was all.
   */
  fault?: FaultKind;
  /** The delay a `latency` fault added, alone or before another fault, if one applied. */
  latencyMs?: number;
}

/** The in-order log of platform requests since the last clear. */
export class RequestLog {
  #entries: RequestLogEntry[] = [];

  /** Append an entry. */
  add(entry: RequestLogEntry): void {
    this.#entries.push(entry);
  }

  /** A copy of the entries, oldest first. */
  entries(): RequestLogEntry[] {
    return [...this.#entries];
  }

  /** Forget every entry. */
  clear(): void {
    this.#entries = [];
  }
}
