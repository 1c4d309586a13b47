// Bench-only driver: the native provider's check + diff (a no-op preview) and read (a refresh) of
// the 10,000-number organization as 100 `BridgeNumbers` sets, in this process, against the emulator
// in a process of its own; prints the heap after each round (with --expose-gc: live data after a full
// collection). `node --expose-gc [--max-semi-space-size=4] dist/bench/plugin/heap.js preview [rounds] [dynamic]`:
// with `dynamic`, the same calls on the dynamic resources' runtime (what Pulumi's dynamic-provider host
// loads), without the host's own gRPC conversions.
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import { ACCOUNTS, benchPhoneNumber, inventorySeed } from "../../estate/estate";
import { typeOfToken } from "../../provider/urn/type-token";
import { parseUrn } from "../../provider/urn/urn";
import { startEmulatorProcess } from "../harness/emulator-process";

type DynamicProvider = import("@pulumi/pulumi/dynamic").ResourceProvider;
type Props = Record<string, unknown>;
/** The calls this driver makes, as both front doors answer them. */
interface Calls {
  create?(urn: string, inputs: Props): Promise<{ outs?: unknown }>;
  check?(urn: string, olds: Props, news: Props): Promise<{ inputs?: Props; failures?: unknown[] }>;
  diff(id: string, urn: string, olds: Props, news: Props | undefined, oldInputs?: Props): Promise<unknown>;
}
const typeOf = (urn: string) => typeOfToken(parseUrn(urn)?.token ?? "")?.name ?? urn;
const mb = (b: number) => `${Math.round(b / 2 ** 20)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;
function report(label: string) {
  const before = process.memoryUsage();
  gc?.();
  const after = process.memoryUsage();
  const hwm = /VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
  console.log(
    `${label}: rss ${mb(before.rss)} (peak ${Math.round(Number(hwm) / 1024)} MB), heap used ${mb(before.heapUsed)} → after gc ${mb(after.heapUsed)}, committed ${mb(v8.getHeapStatistics().total_heap_size)}`,
  );
}

async function main() {
  const emulator = await startEmulatorProcess(1e9);
  try {
    await emulator.admin.seed(inventorySeed(10_000));
    process.env.VOICE_BASE_URL = emulator.url;
    process.env.VOICE_TOKEN = emulator.token;
    process.env.VOICE_ORG_HANDLE = emulator.orgHandle;
    const { nativeProvider } =
      require("../../provider/plugin/provider") as typeof import("../../provider/plugin/provider");
    const dynamic = process.argv[4] === "dynamic";
    const runtime = require("../../provider/entry/runtime") as Record<string, DynamicProvider>;
    const native: Calls = dynamic
      ? {
          create: (urn: string, inputs: Props) => runtime[typeOf(urn)]!.create!(inputs),
          check: (urn: string, olds: Props, news: Props) => runtime[typeOf(urn)]!.check!(olds, news),
          diff: (id: string, urn: string, olds: Props, news: Props | undefined) =>
            runtime[typeOf(urn)]!.diff!(id, olds, news ?? {}),
        }
      : nativeProvider("0.0.0", "{}");
    report("loaded");
    const urn = (t: string, n: string) => `urn:pulumi:s::p::voice:index:${t}::${n}`;
    const cfgIds: number[] = [];
    for (const [i, a] of ACCOUNTS.entries()) {
      const r = await native.create?.(urn("ProviderConfiguration", `cfg-${i}`), {
        provider: a.provider,
        accountSid: a.accountSid,
        authToken: "secret-token",
      });
      cfgIds.push(Number((r?.outs as { configurationId?: number } | undefined)?.configurationId));
    }
    const sets = Array.from({ length: 100 }, (_, b) => ({
      bridgeSlug: `bench-${b}`,
      numbers: Array.from({ length: 100 }, (_, k) => {
        const i = b * 100 + k;
        return {
          phoneNumber: benchPhoneNumber(i % 2, Math.floor(i / 2)),
          providerConfigurationId: cfgIds[i % 2],
        };
      }),
    }));
    // Olds as a create would record them (the numbers' ids do not matter to check and diff).
    const olds = sets.map((s) => ({
      ...s,
      numbers: s.numbers.map((n, k) => ({ ...n, numberId: k + 1 })),
    }));
    report("estate built");
    const phase = process.argv[2] ?? "preview";
    const rounds = Number(process.argv[3] ?? 3);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        sets.map(async (s, b) => {
          const u = urn("BridgeNumbers", `bridge-${b}-numbers`);
          const checked = await native.check?.(u, s, s);
          if (checked?.failures?.length) throw new Error(JSON.stringify(checked.failures.slice(0, 2)));
          await native.diff(s.bridgeSlug, u, olds[b]!, checked?.inputs, s);
        }),
      );
      report(`${phase} round ${round + 1}`);
    }
    const cpu = process.cpuUsage(cpu0);
    console.log(
      `${rounds} rounds: ${Math.round(performance.now() - t0)} ms, CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms`,
    );
  } finally {
    await emulator.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
