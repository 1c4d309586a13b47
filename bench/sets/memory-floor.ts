// The floor under the memory figures: a program that declares one bridge, on each side, created and
// destroyed with the memory probe on. What its processes hold is Node.js, @pulumi/pulumi, the gRPC
// stack and the provider's code, not anything per resource.
import { AdminClient, startEmulator } from "../../emulator";
import type { EstateSpec } from "../../estate/estate";
import type { MemoryBreakdown } from "../harness/memory-breakdown";
import { nodeOptionsEnv, probedRun } from "../harness/probed-run";
import { BENCH_RATE_LIMIT } from "../harness/seeded-emulator";
import { benchStack, type Target } from "../harness/stack";
import type { SetSide } from "./scale";

export interface MemoryFloor {
  side: SetSide;
  /** Peak RSS polled from outside (MB) over the `up`, and the breakdown of each Node.js process. */
  providerMb: number | null;
  programMb: number | null;
  engineMb: number | null;
  memory: Partial<Record<"program" | "provider", MemoryBreakdown>>;
}

const ONE_BRIDGE = (provider: "voice" | "native"): EstateSpec => ({
  provider,
  configurations: [],
  bridges: [{ name: "bridge-0", bridgeName: "Bench bridge 0", slug: "bench-0" }],
  numbers: [],
  trunks: [],
});

/** `up` (measured) and `destroy` of a one-bridge program on each of `sides`. */
export async function measureMemoryFloor(
  sides: readonly SetSide[],
  parallel: number,
  nodeOptions?: string,
): Promise<MemoryFloor[]> {
  const emulator = await startEmulator({ port: 0, rateLimit: BENCH_RATE_LIMIT });
  const floors: MemoryFloor[] = [];
  try {
    const admin = new AdminClient(emulator.url);
    const target: Target = { url: emulator.url, token: emulator.token, orgHandle: emulator.orgHandle, admin };
    for (const side of sides) {
      const stack = await benchStack(target, `floor-${side}`, parallel, {
        native: side !== "voice",
        yaml: side === "yaml",
        env: nodeOptionsEnv(nodeOptions),
      });
      try {
        await stack.declare(ONE_BRIDGE(side === "voice" ? "voice" : "native"));
        const up = await probedRun(stack, "up");
        if (up.error) throw new Error(`floor ${side} up failed: ${up.error}`);
        floors.push({
          side,
          providerMb: up.rss?.providerMb ?? null,
          programMb: up.rss?.programMb ?? null,
          engineMb: up.rss?.engineMb ?? null,
          memory: up.memory ?? {},
        });
        await stack.run("destroy");
      } finally {
        await stack.cleanup();
      }
    }
  } finally {
    await emulator.close();
  }
  return floors;
}
