// The import graph one level up: folders instead of files. A folder and one it holds (e.g. `policy/`
// and `policy/rules/`) are left unlinked: a folder's entry composing its sub-folders, which use the
// folder's shared helpers, is not a tangle. Circles here are between side-by-side areas.
import type { ImportGraph } from "./import-graph";

const folderOf = (file: string): string => file.split("/").slice(0, -1).join("/") || ".";
const holds = (outer: string, inner: string): boolean => outer === "." || inner.startsWith(`${outer}/`);

/** The folders of `graph` and the imports between folders neither of which holds the other. */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const edges = graph.edges
    .map(({ from, to }) => ({ from: folderOf(from), to: folderOf(to) }))
    .filter(({ from, to }) => from !== to && !holds(from, to) && !holds(to, from));
  return { files: [...new Set(graph.files.map(folderOf))].sort(), edges };
}
