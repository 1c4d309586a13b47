// The memory and CPU of every process a tool starts, the same way for any tool: every `intervalMs`
// the sampler walks /proc for this process's descendants (not this process, which hosts the
// emulator) and adds up their resident memory (`VmRSS`) at that instant; the figure is the largest
// such sum, the most the tool's processes held at once. CPU is utime + stime of each descendant as
// last seen. Linux only (elsewhere the figures are null).
import { readdirSync, readFileSync } from "node:fs";

export interface TreeUsage {
  /** Largest sum of the descendants' resident memory seen at one poll, MB. */
  peakMb: number | null;
  /** Largest resident memory of one process, by the name of its executable (`tofu`, `node`, …), MB. */
  byName: Record<string, number>;
  /** CPU seconds of all descendants. */
  cpuS: number;
}

/** Linux reports /proc times in USER_HZ, 100 per second on every architecture Node supports. */
const USER_HZ = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined; // the process ended between listing and reading
  }
}

/** Starts polling; `stop()` answers the figures. */
export function watchTree(intervalMs = 100): { stop(): TreeUsage } {
  let peakKb: number | null = null;
  const byName = new Map<string, number>();
  const ticks = new Map<number, number>();
  const poll = () => {
    let pids: number[];
    try {
      pids = readdirSync("/proc")
        .filter((d) => /^\d+$/.test(d))
        .map(Number);
    } catch {
      return;
    }
    const parent = new Map<number, number>();
    const stats = new Map<number, { name: string; ticks: number }>();
    for (const pid of pids) {
      const stat = read(`/proc/${pid}/stat`);
      if (!stat) continue;
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(pid, Number(fields[1]));
      stats.set(pid, { name, ticks: Number(fields[11]) + Number(fields[12]) });
    }
    const descends = (pid: number): boolean => {
      for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
        if (p === process.pid) return true;
      return false;
    };
    let sumKb = 0;
    for (const pid of pids) {
      if (!descends(pid)) continue;
      const s = stats.get(pid);
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(read(`/proc/${pid}/status`) ?? "")?.[1] ?? 0);
      sumKb += rss;
      if (s) {
        byName.set(s.name, Math.max(byName.get(s.name) ?? 0, rss));
        ticks.set(pid, Math.max(ticks.get(pid) ?? 0, s.ticks || 0));
      }
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
