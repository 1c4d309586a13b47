// `npm run deps`: counts the imports that run against the house's arrows and the circles of files and of
// folders, lists them, and exits 1 on any back-edge or on a circle outside the known lists.
import { repoRoot } from "../../tools/engine";
import { findCircles } from "./circles";
import { folderGraph } from "./folder-graph";
import { backEdges } from "./house-rules";
import { readImportGraph } from "./import-graph";
import { KNOWN_FOLDER_CIRCLES, newCircles } from "./known-circles";

/** The figures and findings of one count. */
export interface DepsReport {
  files: number;
  imports: number;
  backEdges: { from: string; to: string }[];
  circles: string[][];
  newCircles: string[][];
  /** Circles between side-by-side folders (see folder-graph). */
  folderCircles: string[][];
  newFolderCircles: string[][];
}

/** Counts back-edges and circles in the repository at `root`. */
export function countDeps(root: string = repoRoot): DepsReport {
  const graph = readImportGraph(root);
  const circles = findCircles(graph);
  const folderCircles = findCircles(folderGraph(graph));
  return {
    files: graph.files.length,
    imports: graph.edges.length,
    backEdges: backEdges(graph.edges),
    circles,
    newCircles: newCircles(circles),
    folderCircles,
    newFolderCircles: newCircles(folderCircles, KNOWN_FOLDER_CIRCLES),
  };
}

if (require.main === module) {
  const report = countDeps();
  const lines = [
    `${report.files} files, ${report.imports} imports`,
    `back-edges: ${report.backEdges.length}`,
    ...report.backEdges.map(({ from, to }) => `  ${from} -> ${to}`),
    `circles: ${report.circles.length} (${report.newCircles.length} not known)`,
    ...report.circles.map((circle) => `  ${circle.join(" <-> ")}`),
    `folder circles: ${report.folderCircles.length} (${report.newFolderCircles.length} not known)`,
    ...report.folderCircles.map((circle) => `  ${circle.join(" <-> ")}`),
  ];
  console.log(lines.join("\n"));
  const fresh = report.backEdges.length + report.newCircles.length + report.newFolderCircles.length;
  if (fresh > 0) process.exitCode = 1;
}
