// Circles in an import graph: its strongly connected components (Tarjan), so one tangle of files
// counts once however many loops run through it.
import type { ImportGraph } from "./import-graph";

/** Each circle as the sorted files it joins; a file importing itself is a circle of one. */
export function findCircles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>(graph.files.map((file) => [file, []]));
  for (const { from, to } of graph.edges) next.get(from)?.push(to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    if (members.length > 1 || next.get(file)?.includes(file)) circles.push(members.sort());
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
