import { PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

/**
 * The young generation's size at which it stops growing: 8 MB, what `--max-semi-space-size=4` gives
 * (the provider plugin's launcher passes that flag).
 */
export const YOUNG_GENERATION_CAP = 8 * 2 ** 20;

/** How much V8 grows the old generation's limit after a full collection, in percent (its own choice is up to 300). */
const OLD_GENERATION_GROWTH = 10;

/** The same settings as node arguments, for a project that chooses its program's command line (`nodeargs` of Pulumi.yaml): in force from the start. */
export const LEAN_HEAP_NODE_ARGS = `--max-semi-space-size=4 --heap-growing-percent=${OLD_GENERATION_GROWTH}`;

/** Whether the process was started with `flag` (on its command line or in `NODE_OPTIONS`): the user's choice stands. */
export const startedWith = (
  flag: RegExp,
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): boolean => [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].some((a) => flag.test(a));

const SEMI_SPACE = /^--(max|min)[-_]semi[-_]space[-_]size/;
const HEAP_GROWING = /^--heap[-_]growing[-_]percent/;

const newSpaceSize = (): number =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;

let state: "off" | "watching" | "done" = "off";
let observer: PerformanceObserver | undefined;

function capIfGrown(): void {
  if (state !== "watching" || newSpaceSize() < YOUNG_GENERATION_CAP) return;
  // V8 reads its semi-space maximum once, at start-up, so `--max-semi-space-size` set now would do
  // nothing; the growth factor is read at every growth, so 1 stops the young generation where it is.
  v8.setFlagsFromString("--semi-space-growth-factor=1");
  state = "done";
  observer?.disconnect();
  observer = undefined;
}

/**
 * Keeps the heap of this process lean, for a process whose command line the package does not choose
 * (Pulumi's dynamic-provider host): thousands of numbers pass through it as
 * short-lived objects, and with V8's defaults on a large machine they fill a young generation of up to
 * 64 MB a half, survive into an old generation whose limit V8 raises up to fourfold after each full
 * collection, and the process's peak is garbage. So the young generation stops growing at
 * {@link YOUNG_GENERATION_CAP} (watched after each collection and at each call) and the old
 * generation grows by {@link OLD_GENERATION_GROWTH} %. Idempotent; a setting the process was started
 * with stands.
 */
export function leanHeap(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): void {
  if (state === "off") {
    // Unlike the semi-space maximum, V8 reads this one at every full collection.
    if (!startedWith(HEAP_GROWING, execArgv, nodeOptions))
      v8.setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH}`);
    if (startedWith(SEMI_SPACE, execArgv, nodeOptions)) {
      state = "done";
      return;
    }
    state = "watching";
    observer = new PerformanceObserver(capIfGrown);
    observer.observe({ entryTypes: ["gc"] });
  }
  capIfGrown();
}

/** Whether the young generation has stopped growing (or was sized when the process started). */
export const youngGenerationSettled = (): boolean => state === "done";
