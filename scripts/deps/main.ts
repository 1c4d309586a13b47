// `npm run deps`: counts the imports that run against the house's arrows and the import circles,
// lists them, and exits 1 when either is new (a circle outside the known list, or any back-edge).
import { repoRoot } from "../engine";
import { findCircles } from "./circles";
import { backEdges } from "./house-rules";
import { readImportGraph } from "./import-graph";
import { newCircles } from "./known-circles";

/** The figures and findings of one count. */
export interface DepsReport {
  files: number;
  imports: number;
  backEdges: { from: string; to: string }[];
  circles: string[][];
  newCircles: string[][];
}

/** Counts back-edges and circles in the repository at `root`. */
export function countDeps(root: string = repoRoot): DepsReport {
  const graph = readImportGraph(root);
  const circles = findCircles(graph);
  return {
    files: graph.files.length,
    imports: graph.edges.length,
    backEdges: backEdges(graph.edges),
    circles,
    newCircles: newCircles(circles),
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
  ];
  console.log(lines.join("\n"));
  if (report.backEdges.length > 0 || report.newCircles.length > 0) process.exitCode = 1;
}
