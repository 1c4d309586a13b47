// A process's descendants as Linux's /proc shows them, for the memory and CPU watchers.
import { readdirSync, readFileSync } from "node:fs";

/** Linux reports /proc times in USER_HZ, 100 per second on every architecture Node supports. */
export const USER_HZ = 100;

/** A file of /proc, or undefined when the process ended between listing and reading. */
export function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** A running descendant of this process: its pid, command name and CPU ticks (utime + stime) so far. */
export interface Descendant {
  pid: number;
  name: string;
  ticks: number;
}

/** Every running descendant of `root`, this process by default (none where /proc cannot be read). */
export function descendants(root = process.pid): Descendant[] {
  let pids: number[];
  try {
    pids = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
  const parent = new Map<number, number>();
  const stats = new Map<number, Descendant>();
  for (const pid of pids) {
    const stat = readProc(`/proc/${pid}/stat`);
    if (!stat) continue;
    // Fields after the command (which may contain spaces) start after the last ")": state, ppid, … utime (12th), stime.
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(fields[1]);
    if (!Number.isNaN(ppid)) parent.set(pid, ppid);
    stats.set(pid, { pid, name, ticks: Number(fields[11]) + Number(fields[12]) || 0 });
  }
  const descends = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  return [...stats.values()].filter((d) => descends(d.pid));
}
