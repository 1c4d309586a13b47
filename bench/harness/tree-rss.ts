// The memory and CPU of every process a tool starts, the same way for any tool: every `intervalMs`
// the sampler walks /proc for this process's descendants (not this process, which hosts the
// emulator) and adds up their resident memory (`VmRSS`) at that instant; the figure is the largest
// such sum, the most the tool's processes held at once. CPU is utime + stime of each descendant as
// last seen. Linux only (elsewhere the figures are null).
import { descendants, readProc, USER_HZ } from "./proc";

export interface TreeUsage {
  /** Largest sum of the descendants' resident memory seen at one poll, MB. */
  peakMb: number | null;
  /** Largest resident memory of one process, by the name of its executable (`tofu`, `node`, …), MB. */
  byName: Record<string, number>;
  /** CPU seconds of all descendants. */
  cpuS: number;
}

/** Starts polling; `stop()` answers the figures. */
export function watchTree(intervalMs = 100): { stop(): TreeUsage } {
  let peakKb: number | null = null;
  const byName = new Map<string, number>();
  const ticks = new Map<number, number>();
  const poll = () => {
    let sumKb = 0;
    for (const d of descendants()) {
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readProc(`/proc/${d.pid}/status`) ?? "")?.[1] ?? 0);
      sumKb += rss;
      byName.set(d.name, Math.max(byName.get(d.name) ?? 0, rss));
      ticks.set(d.pid, Math.max(ticks.get(d.pid) ?? 0, d.ticks));
    }
    peakKb = Math.max(peakKb ?? 0, sumKb);
  };
  poll();
  const timer = setInterval(poll, intervalMs);
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  return {
    stop() {
      clearInterval(timer);
      poll();
      return {
        peakMb: peakKb === null ? null : mb(peakKb),
        byName: Object.fromEntries([...byName].map(([k, v]) => [k, mb(v)])),
        cpuS: Math.round([...ticks.values()].reduce((a, b) => a + b, 0) / (USER_HZ / 10)) / 10,
      };
    },
  };
}
