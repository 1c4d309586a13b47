// The per-link estate created with the engine's checkpoint settings varied: what writing the state
// after every step costs the engine, and what the plugin and the program spend beside it.
import { asSets } from "../../estate/estate";
import type { PeakRss, Role } from "../harness/rss";
import { benchStack, type OpMeasure, type Target } from "../harness/stack";
import { sameEstate } from "../same-estate/estate";

/** One way of running the engine on the per-link estate. */
export interface Variant {
  key: string;
  label: string;
  provider: "native" | "voice";
  env: Record<string, string>;
  globalFlags: readonly string[];
}

export const VARIANTS: readonly Variant[] = [
  { key: "native", label: "native plugin, checkpoints on", provider: "native", env: {}, globalFlags: [] },
  {
    key: "native-no-integrity",
    label: "native plugin, checkpoints on, `--disable-integrity-checking`",
    provider: "native",
    env: {},
    globalFlags: ["--disable-integrity-checking"],
  },
  {
    key: "native-skip",
    label: "native plugin, checkpoints off (`PULUMI_SKIP_CHECKPOINTS`)",
    provider: "native",
    env: { PULUMI_SKIP_CHECKPOINTS: "true" },
    globalFlags: [],
  },
  { key: "voice", label: "dynamic resources, checkpoints on", provider: "voice", env: {}, globalFlags: [] },
];

export interface CreateRun {
  ms: number;
  cpuS: Record<Role, number>;
  /** The checkpoint after the create (compact JSON, as the file backend writes it). */
  checkpointBytes: number;
}

/** How a create differs from the per-link estate's on the file backend. */
export interface CreateOptions {
  /** The same numbers as one `BridgeNumbers` set per bridge. */
  sets?: boolean;
  /** Wraps the engine's `up` alone (not the stack's setup, export or removal), to read what it cost beside it. */
  around?: (up: () => Promise<OpMeasure>) => Promise<OpMeasure>;
}

/** Creates the per-link estate of `numbers` numbers on a fresh `target` as `variant` runs the engine. */
export async function createRun(
  variant: Variant,
  target: Target,
  numbers: number,
  parallel: number,
  stateBytes: (exported: string) => number,
  options: CreateOptions = {},
): Promise<CreateRun> {
  const stack = await benchStack(target, `state-bytes-${variant.key}`, parallel, {
    native: variant.provider === "native",
    env: variant.env,
    globalFlags: variant.globalFlags,
  });
  try {
    const links = sameEstate(numbers, variant.provider);
    await stack.declare(options.sets ? asSets(links) : links);
    const up = () => stack.run("up", { rss: true });
    const m = await (options.around ? options.around(up) : up());
    if (m.error || m.failedOperations > 0)
      throw new Error(`${variant.label}: create failed (${m.failedOperations} failed): ${m.error ?? ""}`);
    const linked = m.byRoute["POST /telephony/bridges/{slug}/connect-provider/"] ?? 0;
    if (linked !== links.numbers.length)
      throw new Error(`${variant.label}: ${linked} numbers linked, expected ${links.numbers.length}`);
    const rss = m.rss as PeakRss;
    return { ms: m.ms, cpuS: rss.cpuS, checkpointBytes: stateBytes(await stack.exportText()) };
  } finally {
    await stack.cleanup();
  }
}
