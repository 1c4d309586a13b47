// The process tree a CI runner's cancel kills: the engine, its language host and its plugins.
import { readdirSync, readFileSync } from "node:fs";

/** Parent pid of every process, read from /proc (Linux). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in parentheses may hold spaces: the fields that follow start after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      map.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** `pid` and every process below it, as a CI runner's cancel finds them (plugins run in groups of their own). */
function processTree(pid: number): number[] {
  const byParent = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of byParent) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

/** SIGKILL `pid` and its whole tree at once. */
export function killTree(pid: number): number {
  const tree = processTree(pid);
  for (const p of tree) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
  return tree.length;
}
