import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { LEAN_HEAP_NODE_ARGS, startedWith, YOUNG_GENERATION_CAP } from "../../../provider/runtime/lean-heap";

// V8's heap is set up when a process starts, so each case runs in a Node.js process of its own: the
// module compiled next to a script that churns short-lived objects, as a provider serving thousands of
// numbers does, and reports the largest young generation it saw.
const dir = mkdtempSync(path.join(os.tmpdir(), "lean-heap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = readFileSync(path.join(__dirname, "../../../provider/runtime/lean-heap.ts"), "utf8");
writeFileSync(
  path.join(dir, "lean-heap.js"),
  ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  }).outputText,
);
writeFileSync(
  path.join(dir, "churn.js"),
  `const v8 = require("node:v8");
const lean = require("./lean-heap.js");
const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;
async function main() {
  if (process.argv[2] === "lean") lean.leanHeap();
  let largest = 0;
  for (let call = 0; call < 80; call++) {
    if (process.argv[2] === "lean") lean.leanHeap();
    const entries = Array.from({ length: 10000 }, (_, i) => ({ phoneNumber: "+1415" + i, id: i }));
    JSON.parse(JSON.stringify(entries));
    largest = Math.max(largest, newSpace());
    await new Promise((r) => setImmediate(r));
  }
  console.log(JSON.stringify({ largest, settled: lean.youngGenerationSettled() }));
}
main();
`,
);

function churn(nodeArgs: string[], mode: "lean" | "default"): { largest: number; settled: boolean } {
  const out = execFileSync(process.execPath, [...nodeArgs, path.join(dir, "churn.js"), mode], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  return JSON.parse(out) as { largest: number; settled: boolean };
}

describe("leanHeap", () => {
  it("stops the young generation growing at about the cap, where V8 would grow it further", () => {
    const lean = churn([], "lean");
    expect(lean.settled).toBe(true);
    // The cap, or one growth past it that happened before a collection was observed.
    expect(lean.largest).toBeLessThanOrEqual(2 * YOUNG_GENERATION_CAP);
    const plain = churn([], "default");
    expect(plain.settled).toBe(false);
    expect(plain.largest).toBeGreaterThan(lean.largest);
  });

  it("leaves the young generation the process was started with", () => {
    const chosen = churn(["--max-semi-space-size=2"], "lean");
    expect(chosen.settled).toBe(true);
    expect(chosen.largest).toBeLessThanOrEqual(2 * YOUNG_GENERATION_CAP);
  });

  it("reads a choice from the command line or NODE_OPTIONS, in either spelling", () => {
    const flag = /^--(max|min)[-_]semi[-_]space[-_]size/;
    expect(startedWith(flag, ["--max-semi-space-size=8"], undefined)).toBe(true);
    expect(startedWith(flag, [], "--require x.js --max_semi_space_size=2")).toBe(true);
    expect(startedWith(flag, ["--max-old-space-size=512"], "--require x.js")).toBe(false);
  });

  it("gives projects the same settings as node arguments", () => {
    expect(LEAN_HEAP_NODE_ARGS.split(" ")).toEqual(["--max-semi-space-size=4", "--heap-growing-percent=10"]);
  });
});
