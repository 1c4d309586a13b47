// The CPU and peak memory of one engine operation's processes, by class: the pulumi CLI, the language
// host, the program's Node.js and the provider plugin. Every `intervalMs` the watcher walks /proc for
// this process's descendants (all but `skip`, the emulator) and keeps, per process, the largest CPU
// ticks (utime + stime) and its own peak resident memory (`VmHWM`, exact: the kernel keeps it). A
// process's CPU after its last sample is lost (at 20 ms, up to 20 ms of it); the watcher's caller
// gets the exact total of the tree it reaped from its own children's times, and the gap between the
// two is the figure of that loss. Linux only.
import path from "node:path";
import { descendants, readProc, USER_HZ } from "../harness/proc";

/** The kinds of process an engine operation of a JavaScript program on the native plugin starts. */
export const PROCESS_CLASSES = ["pulumi CLI", "language host", "program node", "plugin", "other"] as const;
export type ProcessClass = (typeof PROCESS_CLASSES)[number];

/** One class's figures in one operation. */
export interface ClassUsage {
  cpuS: number;
  /** Largest own peak RSS among the class's processes, MB. */
  peakMb: number;
  processes: number;
}

/** The class of a process by its command line (`sh` of the plugin's launcher becomes `node` by exec). */
export function classOf(cmdline: readonly string[]): ProcessClass {
  const exe = path.basename(cmdline[0] ?? "");
  if (exe === "pulumi") return "pulumi CLI";
  if (exe.startsWith("pulumi-language-")) return "language host";
  if (
    cmdline.some(
      (a) => a.endsWith(path.join("provider", "plugin", "main.js")) || a.endsWith("pulumi-resource-voice"),
    )
  )
    return "plugin";
  if (exe === "node") return "program node";
  return "other";
}

/** The exact CPU seconds (utime + stime) of this process's reaped children so far (cutime + cstime). */
export function reapedChildrenCpuS(): number {
  const stat = readProc("/proc/self/stat") ?? "";
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / USER_HZ;
}

/** Starts sampling; `stop()` answers the figures by class. */
export function watchClasses(
  skip: readonly number[],
  intervalMs = 20,
): { stop(): Record<ProcessClass, ClassUsage> } {
  const seen = new Map<number, { cls: ProcessClass; ticks: number; hwmKb: number }>();
  const poll = () => {
    for (const d of descendants()) {
      if (skip.includes(d.pid)) continue;
      const cmdline = readProc(`/proc/${d.pid}/cmdline`);
      const status = readProc(`/proc/${d.pid}/status`);
      if (cmdline === undefined || status === undefined) continue;
      const before = seen.get(d.pid);
      // An ended process not yet reaped (a zombie) has no command line: it keeps the class it ran as.
      const args = cmdline.split("\0").filter(Boolean);
      const hwmKb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
      seen.set(d.pid, {
        cls: args.length > 0 ? classOf(args) : (before?.cls ?? "other"),
        ticks: Math.max(before?.ticks ?? 0, d.ticks),
        hwmKb: Math.max(before?.hwmKb ?? 0, hwmKb),
      });
    }
  };
  poll();
  const timer = setInterval(poll, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      poll();
      const out = Object.fromEntries(
        PROCESS_CLASSES.map((c) => [c, { cpuS: 0, peakMb: 0, processes: 0 }]),
      ) as Record<ProcessClass, ClassUsage>;
      for (const p of seen.values()) {
        const u = out[p.cls];
        u.cpuS += p.ticks / USER_HZ;
        u.peakMb = Math.max(u.peakMb, Math.round(p.hwmKb / 1024));
        u.processes += 1;
      }
      for (const u of Object.values(out)) u.cpuS = Math.round(u.cpuS * 100) / 100;
      return out;
    },
  };
}
