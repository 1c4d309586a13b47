// Memory of a whole fleet run: every `intervalMs` the sum of the resident memory (VmRSS) of a process
// and all its descendants (the fleet, its workers, each stack's `pulumi`, program and dynamic-provider
// host), read from /proc; the peak of that sum is what the machine had to hold at once.
import { descendants, readProc } from "../harness/proc";

export const TREE_MEMORY_METHOD =
  "sum of VmRSS from /proc/<pid>/status over the fleet process and all its descendants, polled every 200 ms; the peak of the sum";

/** Resident memory of `root` and its descendants now, in MB, and how many processes that is. */
export function treeRss(root: number): { mb: number; processes: number } {
  const tree = [root, ...descendants(root).map((d) => d.pid)];
  let kb = 0;
  for (const pid of tree)
    kb += Number(/VmRSS:\s+(\d+)/.exec(readProc(`/proc/${pid}/status`) ?? "")?.[1] ?? 0);
  return { mb: kb / 1024, processes: tree.length };
}

/** Samples `root`'s tree until `stop`: the peak sum and the most processes at once. */
export function sampleTreeMemory(
  root: number,
  intervalMs = 200,
): { stop(): { peakMb: number; peakProcesses: number } } {
  let peakMb = 0;
  let peakProcesses = 0;
  const sample = () => {
    const now = treeRss(root);
    peakMb = Math.max(peakMb, now.mb);
    peakProcesses = Math.max(peakProcesses, now.processes);
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { peakMb, peakProcesses };
    },
  };
}
