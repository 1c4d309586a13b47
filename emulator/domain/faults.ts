import { z } from "zod";

/** Body of `POST /_emulator/faults` (docs/emulator.md, "Faults"). */
export const faultInputSchema = z
  .object({
    kind: z.enum(["latency", "status", "rate-limit", "reset-before", "reset-after"], {
      error: "must be one of latency, status, rate-limit, reset-before, reset-after",
    }),
    match: z
      .object({
        method: z.string({ error: "must be a string" }).optional(),
        path: z.string({ error: "must be a string" }).optional(),
      })
      .optional(),
    times: z.number().int().min(0, { error: "must be an integer >= 0" }).default(1),
    ms: z.number().int().min(0).max(600_000, { error: "must be an integer from 0 to 600000" }).optional(),
    status: z
      .number()
      .int()
      .min(100)
      .max(599, { error: "must be an HTTP status from 100 to 599" })
      .default(500),
    retryAfter: z.number().int().min(0, { error: "must be an integer >= 0" }).default(1),
    every: z.number().int().min(1, { error: "must be an integer >= 1" }).default(1),
  })
  .refine((f) => f.kind !== "latency" || f.ms !== undefined, {
    error: "is required for latency",
    path: ["ms"],
  });
export type FaultInput = z.input<typeof faultInputSchema>;
export type FaultKind = z.output<typeof faultInputSchema>["kind"];

/** A registered fault with its remaining uses (`null`: until cleared). */
export interface Fault {
  id: number;
  kind: FaultKind;
  method: string | undefined;
  path: string | undefined;
  remaining: number | null;
  ms: number;
  status: number;
  retryAfter: number;
  /** Applies to every n-th matching request only (1: each one). */
  every: number;
  /** Matching requests seen, for `every`. */
  seen: number;
}

/** The faults that apply to one request: at most one latency plus one other. */
export interface FaultPlan {
  latency: Fault | undefined;
  other: Fault | undefined;
}

/** Injected failures for platform requests. */
export class FaultRegistry {
  #faults: Fault[] = [];
  #nextId = 1;
  #release = new AbortController();

  /** Aborted by the next `clear`: the answers latency faults hold until then go out at once. */
  get released(): AbortSignal {
    return this.#release.signal;
  }

  /** Register a parsed fault; returns its id. */
  add(input: z.output<typeof faultInputSchema>): number {
    const id = this.#nextId++;
    this.#faults.push({
      id,
      kind: input.kind,
      method: input.match?.method?.toUpperCase(),
      path: input.match?.path,
      remaining: input.times === 0 ? null : input.times,
      ms: input.ms ?? 0,
      status: input.status,
      retryAfter: input.retryAfter,
      every: input.every,
      seen: 0,
    });
    return id;
  }

  /** Remove every fault, and end the delays of answers held by latency faults. */
  clear(): void {
    this.#faults = [];
    this.#release.abort();
    this.#release = new AbortController();
  }

  /** The faults still registered (for the admin state and tests). */
  list(): readonly Fault[] {
    return this.#faults;
  }

  /** Pick (and use up) the faults for a request; `path` is below the platform prefix. */
  take(method: string, path: string): FaultPlan {
    const matches = (f: Fault) =>
      (f.method === undefined || f.method === method) && (f.path === undefined || path.startsWith(f.path));
    const due = (f: Fault) => matches(f) && ++f.seen % f.every === 0;
    const latency = this.#faults.find((f) => f.kind === "latency" && due(f));
    const other = this.#faults.find((f) => f.kind !== "latency" && due(f));
    for (const used of [latency, other]) {
      if (used?.remaining == null) continue;
      used.remaining--;
    }
    this.#faults = this.#faults.filter((f) => f.remaining === null || f.remaining > 0);
    return { latency, other };
  }
}
