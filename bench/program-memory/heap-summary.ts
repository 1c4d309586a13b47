// Reads a V8 heap snapshot (.heapsnapshot) and answers what holds its memory: self size by
// constructor, retained size (by the dominator tree) by constructor, and the largest retained
// objects with the path that holds them. `node dist/bench/program-memory/heap-summary.js <file> [top] [constructor]`
// prints it as text; `summarizeHeap` answers it to a script.
import { readFileSync } from "node:fs";

interface RawSnapshot {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
    node_count: number;
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** One row of a summary: how many objects, and their bytes. */
export interface HeapRow {
  key: string;
  count: number;
  selfBytes: number;
  retainedBytes: number;
}

export interface HeapSummary {
  totalBytes: number;
  nodes: number;
  /** By constructor (objects), or by kind `(string)`, `(closure)`, `(code)`… for the rest; self and retained. */
  byConstructor: HeapRow[];
  /** The objects that retain most, each with the chain of holders from the roots (dominators). */
  largest: { key: string; retainedBytes: number; path: string[] }[];
  /**
   * A TypeScript program's source files as the compiler holds them (ts-node's type-check), retained
   * bytes by package (`(program)` outside node_modules) and the largest files.
   */
  sourceFiles: { byPackage: HeapRow[]; largest: { file: string; retainedBytes: number }[] };
  /** With `inspect`: one object of that constructor (the largest), its properties by retained bytes, two levels deep. */
  inspected?: { edge: string; key: string; retainedBytes: number; depth: number }[];
}

/** The dominator of each node (Cooper, Harvey and Kennedy's iteration over a reverse post-order). */
function dominators(n: number, firstEdge: Uint32Array, targets: Uint32Array, strong: Uint8Array): Int32Array {
  const order = new Int32Array(n).fill(-1); // post-order number of each node
  const byOrder = new Uint32Array(n);
  const stack = new Uint32Array(n);
  const next = new Uint32Array(n);
  const seen = new Uint8Array(n);
  let sp = 0;
  let count = 0;
  stack[sp++] = 0;
  seen[0] = 1;
  next[0] = firstEdge[0]!;
  while (sp > 0) {
    const v = stack[sp - 1]!;
    let pushed = false;
    while (next[v]! < firstEdge[v + 1]!) {
      const e = next[v]!++;
      if (!strong[e]) continue;
      const w = targets[e]!;
      if (seen[w]) continue;
      seen[w] = 1;
      next[w] = firstEdge[w]!;
      stack[sp++] = w;
      pushed = true;
      break;
    }
    if (!pushed) {
      sp--;
      order[v] = count;
      byOrder[count++] = v;
    }
  }
  // Predecessors (strong edges between reached nodes).
  const predCount = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++)
    if (seen[v])
      for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e++) if (strong[e]) predCount[targets[e]! + 1]!++;
  for (let i = 0; i < n; i++) predCount[i + 1]! += predCount[i]!;
  const preds = new Uint32Array(predCount[n]!);
  const fill = predCount.slice(0, n);
  for (let v = 0; v < n; v++)
    if (seen[v])
      for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e++) if (strong[e]) preds[fill[targets[e]!]!++] = v;
  const idom = new Int32Array(count).fill(-1); // by post-order number
  const root = order[0]!;
  idom[root] = root;
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = count - 2; i >= 0; i--) {
      const v = byOrder[i]!;
      let dom = -1;
      for (let p = predCount[v]!; p < predCount[v + 1]!; p++) {
        const u = order[preds[p]!]!;
        if (u < 0 || idom[u] === -1) continue;
        if (dom === -1) {
          dom = u;
          continue;
        }
        let a = u;
        let b = dom;
        while (a !== b) {
          while (a < b) a = idom[a]!;
          while (b < a) b = idom[b]!;
        }
        dom = a;
      }
      if (dom !== -1 && idom[i] !== dom) {
        idom[i] = dom;
        changed = true;
      }
    }
  }
  const result = new Int32Array(n).fill(-1);
  for (let i = 0; i < count; i++) result[byOrder[i]!] = byOrder[idom[i]!]!;
  return result;
}

export function summarizeHeap(file: string, top = 40, inspect?: string): HeapSummary {
  const raw = JSON.parse(readFileSync(file, "utf8")) as RawSnapshot;
  const meta = raw.snapshot.meta;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const [nodeTypes] = meta.node_types;
  const [edgeTypes] = meta.edge_types;
  const typeOf = meta.node_fields.indexOf("type");
  const nameOf = meta.node_fields.indexOf("name");
  const sizeOf = meta.node_fields.indexOf("self_size");
  const edgesOf = meta.node_fields.indexOf("edge_count");
  const edgeType = meta.edge_fields.indexOf("type");
  const edgeName = meta.edge_fields.indexOf("name_or_index");
  const edgeTo = meta.edge_fields.indexOf("to_node");
  const n = raw.nodes.length / nf;
  const m = raw.edges.length / ef;
  const firstEdge = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) firstEdge[v + 1] = firstEdge[v]! + raw.nodes[v * nf + edgesOf]!;
  const targets = new Uint32Array(m);
  const strong = new Uint8Array(m);
  const weak = edgeTypes.indexOf("weak");
  for (let e = 0; e < m; e++) {
    targets[e] = raw.edges[e * ef + edgeTo]! / nf;
    strong[e] = raw.edges[e * ef + edgeType] === weak ? 0 : 1;
  }
  const keyOf = (v: number): string => {
    const type = nodeTypes[raw.nodes[v * nf + typeOf]!]!;
    const name = raw.strings[raw.nodes[v * nf + nameOf]!]!;
    if (type === "object" || type === "native") return name.slice(0, 80);
    if (type === "closure") return `(closure) ${name.slice(0, 60)}`;
    return `(${type})`;
  };
  const self = (v: number) => raw.nodes[v * nf + sizeOf]!;
  const idom = dominators(n, firstEdge, targets, strong);
  // Retained sizes: children before parents, so sum in reverse of a dominator-tree pre-order.
  const retained = new Float64Array(n);
  for (let v = 0; v < n; v++) retained[v] = self(v);
  const depth = new Int32Array(n).fill(-1);
  depth[0] = 0;
  const depthOf = (v: number): number => {
    const chain: number[] = [];
    let u = v;
    while (depth[u] === -1 && idom[u] !== -1 && u !== 0) {
      chain.push(u);
      u = idom[u]!;
    }
    let d = depth[u] === -1 ? 0 : depth[u]!;
    for (let i = chain.length - 1; i >= 0; i--) depth[chain[i]!] = ++d;
    return depth[v]!;
  };
  const reached: number[] = [];
  for (let v = 0; v < n; v++) if (idom[v] !== -1) reached.push(v);
  for (const v of reached) depthOf(v);
  reached.sort((a, b) => depth[b]! - depth[a]!);
  for (const v of reached) if (v !== 0) retained[idom[v]!]! += retained[v]!;
  const rows = new Map<string, HeapRow>();
  for (const v of reached) {
    const key = keyOf(v);
    const row = rows.get(key) ?? { key, count: 0, selfBytes: 0, retainedBytes: 0 };
    row.count++;
    row.selfBytes += self(v);
    // Retained once per constructor: only objects not held under another of the same constructor.
    let u = idom[v]!;
    let nested = false;
    for (let hops = 0; u > 0 && hops < 64; hops++) {
      if (keyOf(u) === key) {
        nested = true;
        break;
      }
      u = idom[u]!;
    }
    if (!nested) row.retainedBytes += retained[v]!;
    rows.set(key, row);
  }
  const edgeLabel = (from: number, to: number): string => {
    for (let e = firstEdge[from]!; e < firstEdge[from + 1]!; e++) {
      if (targets[e] !== to) continue;
      const t = edgeTypes[raw.edges[e * ef + edgeType]!];
      const nm = raw.edges[e * ef + edgeName]!;
      return t === "element" || t === "hidden" ? `[${nm}]` : String(raw.strings[nm]).slice(0, 40);
    }
    return "?";
  };
  const largest = reached
    .filter((v) => v !== 0)
    .sort((a, b) => retained[b]! - retained[a]!)
    .slice(0, top * 4)
    .filter((v) => nodeTypes[raw.nodes[v * nf + typeOf]!] !== "synthetic")
    .slice(0, top)
    .map((v) => {
      const path: string[] = [];
      let u = v;
      while (u !== 0 && path.length < 12) {
        const d = idom[u]!;
        path.unshift(`${keyOf(d)} .${edgeLabel(d, u)}`);
        u = d;
      }
      return { key: keyOf(v), retainedBytes: retained[v]!, path };
    });
  const fileNameOf = (v: number): string | undefined => {
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e++)
      if (raw.strings[raw.edges[e * ef + edgeName]!] === "fileName")
        return raw.strings[raw.nodes[targets[e]! * nf + nameOf]!];
    return undefined;
  };
  const files: { file: string; retainedBytes: number }[] = [];
  for (const v of reached)
    if (keyOf(v) === "SourceFileObject") {
      const file = fileNameOf(v);
      if (file) files.push({ file, retainedBytes: retained[v]! });
    }
  const byPackage = new Map<string, HeapRow>();
  for (const f of files) {
    const at = f.file.lastIndexOf("/node_modules/");
    const parts = at < 0 ? ["(program)"] : f.file.slice(at + 14).split("/");
    const key = parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
    const row = byPackage.get(key) ?? { key, count: 0, selfBytes: 0, retainedBytes: 0 };
    row.count++;
    row.retainedBytes += f.retainedBytes;
    byPackage.set(key, row);
  }
  let inspected: HeapSummary["inspected"];
  if (inspect) {
    const first = reached.filter((v) => keyOf(v) === inspect).sort((a, b) => retained[b]! - retained[a]!)[0];
    if (first !== undefined) {
      inspected = [];
      const walk = (v: number, depth: number) => {
        const kids: { e: number; w: number }[] = [];
        for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e++)
          if (idom[targets[e]!] === v) kids.push({ e, w: targets[e]! });
        kids.sort((a, b) => retained[b.w]! - retained[a.w]!);
        for (const { w } of kids.slice(0, 12)) {
          inspected!.push({ edge: edgeLabel(v, w), key: keyOf(w), retainedBytes: retained[w]!, depth });
          if (depth < 2) walk(w, depth + 1);
        }
      };
      inspected.push({ edge: "", key: inspect, retainedBytes: retained[first]!, depth: 0 });
      walk(first, 1);
    }
  }
  let total = 0;
  for (const v of reached) total += self(v);
  return {
    totalBytes: total,
    nodes: n,
    byConstructor: [...rows.values()].sort((a, b) => b.retainedBytes - a.retainedBytes).slice(0, top * 2),
    largest,
    sourceFiles: {
      byPackage: [...byPackage.values()].sort((a, b) => b.retainedBytes - a.retainedBytes),
      largest: files.sort((a, b) => b.retainedBytes - a.retainedBytes).slice(0, top),
    },
    ...(inspected ? { inspected } : {}),
  };
}

const mb = (b: number) => (b / 1_048_576).toFixed(1);

/** The summary as text: two tables and the largest holders. */
export function renderHeap(s: HeapSummary): string {
  const lines = [
    `${s.nodes} nodes, ${mb(s.totalBytes)} MB reachable`,
    "",
    "retained MB  self MB  count  constructor",
  ];
  for (const r of s.byConstructor)
    lines.push(
      `${mb(r.retainedBytes).padStart(11)}  ${mb(r.selfBytes).padStart(7)}  ${String(r.count).padStart(7)}  ${r.key}`,
    );
  lines.push("", "largest holders (retained MB: object ← its dominators)");
  for (const l of s.largest)
    lines.push(`${mb(l.retainedBytes).padStart(8)}  ${l.key}  ←  ${l.path.slice(-5).join(" › ")}`);
  if (s.sourceFiles.byPackage.length > 0) {
    lines.push("", "TypeScript source files held (retained MB, files, package)");
    for (const r of s.sourceFiles.byPackage)
      lines.push(`${mb(r.retainedBytes).padStart(8)}  ${String(r.count).padStart(5)}  ${r.key}`);
    for (const f of s.sourceFiles.largest) lines.push(`${mb(f.retainedBytes).padStart(8)}  ${f.file}`);
  }
  if (s.inspected) {
    lines.push("", "one object and what it holds alone (retained bytes)");
    for (const i of s.inspected)
      lines.push(`${"  ".repeat(i.depth)}${i.edge ? `.${i.edge} ` : ""}${i.key} ${i.retainedBytes}`);
  }
  return lines.join("\n");
}

if (require.main === module) {
  const [file, top, inspect] = process.argv.slice(2);
  if (!file) throw new Error("usage: heap-summary <file.heapsnapshot> [top] [constructor to inspect]");
  console.log(renderHeap(summarizeHeap(file, Number(top ?? 40), inspect)));
}
