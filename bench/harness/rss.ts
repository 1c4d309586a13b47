// Peak resident memory of the engine's Node processes, read from outside: every `intervalMs` the
// watcher walks /proc for descendants of this process, classifies the Node ones by their command
// line (the language host runs `node …/@pulumi/pulumi/cmd/run …`, the dynamic-provider host
// `node …/@pulumi/pulumi/cmd/dynamic-provider …`, the native provider plugin
// `node …/dist/provider/plugin/main.js …`, the engine itself is the `pulumi` binary) and keeps the largest `VmHWM` (the kernel's
// high-water mark of resident memory, so growth between two polls is not missed) each one reported.
import { descendants, readProc, USER_HZ } from "./proc";

export type Role = "program" | "provider" | "engine";

/** Largest VmHWM seen per role, in MB, and how many processes of each role were seen. */
export interface PeakRss {
  programMb: number | null;
  providerMb: number | null;
  engineMb: number | null;
  processes: { program: number; provider: number; engine: number };
  /**
   * CPU seconds each role's processes used: utime + stime from /proc/<pid>/stat, the last value seen
   * per process (what a process spends after the last poll, < 100 ms, is not counted).
   */
  cpuS: Record<Role, number>;
  method: string;
}

const RSS_METHOD =
  "VmHWM from /proc/<pid>/status of the language host (node …/cmd/run), the provider process (the dynamic-provider host node …/cmd/dynamic-provider, or the native plugin node …/provider/plugin/main.js) and the engine (pulumi), polled every 100 ms";

// The plugin's source moved from provider/native to provider/plugin; both paths are the plugin.
const NATIVE_PLUGIN = /[/\\]provider[/\\](?:native|plugin)[/\\]main\.js/;

function roleOf(cmdline: string): Role | undefined {
  const command = cmdline.split("\0")[0] ?? "";
  if (/(^|[/\\])pulumi$/.test(command)) return "engine";
  // A YAML program has no Node.js language host: its program is the YAML language host.
  if (/(^|[/\\])pulumi-language-yaml$/.test(command)) return "program";
  if (!/\bnode\b/.test(command)) return undefined;
  if (cmdline.includes("dynamic-provider") || NATIVE_PLUGIN.test(cmdline)) return "provider";
  if (/@pulumi[/\\]pulumi[/\\]cmd[/\\]run/.test(cmdline)) return "program";
  return undefined;
}

/** Starts polling; `stop()` answers the peaks. Linux only (elsewhere the peaks are null). */
export function watchPeakRss(intervalMs = 100): { stop(): PeakRss } {
  const peaks = new Map<number, { role: Role; kb: number; ticks: number }>();
  const poll = () => {
    for (const d of descendants()) {
      const known = peaks.get(d.pid);
      const role = known?.role ?? roleOf(readProc(`/proc/${d.pid}/cmdline`) ?? "");
      if (!role) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readProc(`/proc/${d.pid}/status`) ?? "")?.[1];
      if (hwm !== undefined)
        peaks.set(d.pid, {
          role,
          kb: Math.max(known?.kb ?? 0, Number(hwm)),
          ticks: Math.max(known?.ticks ?? 0, d.ticks),
        });
    }
  };
  poll();
  const timer = setInterval(poll, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const max = (role: Role) => {
        const kbs = [...peaks.values()].filter((p) => p.role === role).map((p) => p.kb);
        return kbs.length === 0 ? null : Math.round((Math.max(...kbs) / 1024) * 10) / 10;
      };
      const count = (role: Role) => [...peaks.values()].filter((p) => p.role === role).length;
      const cpu = (role: Role) =>
        Math.round(
          [...peaks.values()].filter((p) => p.role === role).reduce((sum, p) => sum + p.ticks, 0) /
            (USER_HZ / 10),
        ) / 10;
      return {
        programMb: max("program"),
        providerMb: max("provider"),
        engineMb: max("engine"),
        processes: { program: count("program"), provider: count("provider"), engine: count("engine") },
        cpuS: { program: cpu("program"), provider: cpu("provider"), engine: cpu("engine") },
        method: RSS_METHOD,
      };
    },
  };
}
