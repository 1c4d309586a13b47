// The per-link estate created with the engine's checkpoint settings varied: what writing the state
// after every step costs the engine, and what the plugin and the program spend beside it.
import type { PeakRss, Role } from "../harness/rss";
import { benchStack, type Target } from "../harness/stack";
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

/** Creates the per-link estate of `numbers` numbers on a fresh `target` as `variant` runs the engine. */
export async function createRun(
  variant: Variant,
  target: Target,
  numbers: number,
  parallel: number,
  stateBytes: (exported: string) => number,
): Promise<CreateRun> {
  const stack = await benchStack(target, `state-bytes-${variant.key}`, parallel, {
    native: variant.provider === "native",
    env: variant.env,
    globalFlags: variant.globalFlags,
  });
  try {
    const spec = sameEstate(numbers, variant.provider);
    await stack.declare(spec);
    const m = await stack.run("up", { rss: true });
    if (m.error || m.failedOperations > 0)
      throw new Error(`${variant.label}: create failed (${m.failedOperations} failed): ${m.error ?? ""}`);
    const links = m.byRoute["POST /telephony/bridges/{slug}/connect-provider/"] ?? 0;
    if (links !== spec.numbers.length)
      throw new Error(`${variant.label}: ${links} numbers linked, expected ${spec.numbers.length}`);
    const rss = m.rss as PeakRss;
    return { ms: m.ms, cpuS: rss.cpuS, checkpointBytes: stateBytes(await stack.exportText()) };
  } finally {
    await stack.cleanup();
  }
}
