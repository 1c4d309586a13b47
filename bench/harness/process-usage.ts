// What a process and everything it started have used so far, read from /proc without polling: Linux
// adds a child's CPU time (`cutime`, `cstime`) and storage I/O (/proc/<pid>/io) into its parent's when
// the parent reaps it, so a server's short-lived workers and an engine's plugins are counted after they
// exit. Two readings, before and after, give what happened between them.
import { descendants, readProc, USER_HZ } from "./proc";

/** CPU and storage counters of a process tree, cumulative since each process started. */
export interface ProcessUsage {
  cpuS: number;
  /** Bytes the processes caused to be sent to storage (`write_bytes`; a page counts when first dirtied). */
  writeBytes: number;
  /** Of those, bytes of files truncated or deleted before they reached the disk (`cancelled_write_bytes`). */
  cancelledWriteBytes: number;
}

const ZERO: ProcessUsage = { cpuS: 0, writeBytes: 0, cancelledWriteBytes: 0 };

/** One process's counters with its reaped children's; zero once it is gone. */
function own(pid: number | "self"): ProcessUsage {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return ZERO;
  // After the command's closing ")": state, ppid, … utime (12th), stime, cutime, cstime.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + (Number(fields[i]) || 0), 0);
  const io = readProc(`/proc/${pid}/io`) ?? "";
  const counter = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, "m").exec(io)?.[1] ?? 0);
  return {
    cpuS: ticks / USER_HZ,
    writeBytes: counter("write_bytes"),
    cancelledWriteBytes: counter("cancelled_write_bytes"),
  };
}

const add = (a: ProcessUsage, b: ProcessUsage): ProcessUsage => ({
  cpuS: a.cpuS + b.cpuS,
  writeBytes: a.writeBytes + b.writeBytes,
  cancelledWriteBytes: a.cancelledWriteBytes + b.cancelledWriteBytes,
});

/** `pid` and its running descendants, each with the children it has reaped (e.g. a server's postmaster). */
export function treeUsage(pid: number): ProcessUsage {
  return descendants(pid).reduce((sum, d) => add(sum, own(d.pid)), own(pid));
}

/**
 * This process with the children it has reaped (and theirs): around an engine command that has exited,
 * the engine, its plugins and its program. Running children are not counted.
 */
export function selfUsage(): ProcessUsage {
  return own("self");
}

/** What was used between two readings. */
export function usageBetween(before: ProcessUsage, after: ProcessUsage): ProcessUsage {
  return {
    cpuS: Math.round((after.cpuS - before.cpuS) * 100) / 100,
    writeBytes: after.writeBytes - before.writeBytes,
    cancelledWriteBytes: after.cancelledWriteBytes - before.cancelledWriteBytes,
  };
}
