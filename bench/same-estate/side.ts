// One side of the same-estate comparison run once on a fresh emulator: OpenTofu, or a Pulumi
// program in a given form (links or sets), engine mode (checkpoints on or off) and language (the
// JavaScript program, the TypeScript program type-checked by ts-node, or the same with
// PULUMI_NODEJS_TRANSPILE_ONLY=true). Each operation's time, requests, memory and CPU are measured
// the same way for every side; every create and destroy is checked to have done the estate's work.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Mix } from "../../estate/estate";
import { loadNow } from "../harness/load-sampler";
import type { PeakRss } from "../harness/rss";
import { benchStack, type Operation, type Target } from "../harness/stack";
import { type TreeUsage, watchTree } from "../harness/tree-rss";
import { sameEstateAs, sameMix } from "./estate";
import { type TofuInstall, type TofuOp, tofuStack } from "./tofu-stack";

/** The program a Pulumi side runs: bench/harness/program/index.js, or bench/same-estate/program-ts type-checked or transpiled only. */
export type ProgramKind = "js" | "ts" | "ts-transpile";

export type Side =
  | { tool: "tofu" }
  | {
      tool: "pulumi";
      provider: "native" | "voice";
      form: "sets" | "links";
      checkpoints: boolean;
      program: ProgramKind;
    };

/** The operations, by OpenTofu's names for them: create, a plan/preview of no change, refresh, destroy. */
export type Op = TofuOp;
export const OPS: readonly Op[] = ["create", "noop", "refresh", "destroy"];
const PULUMI_OP: Record<Op, Operation> = {
  create: "up",
  noop: "preview",
  refresh: "refresh",
  destroy: "destroy",
};

export interface OpFigures {
  ms: number;
  requests: number;
  byRoute: Record<string, number>;
  /** Every process the tool started, measured alike (bench/harness/tree-rss.ts). */
  tree: TreeUsage;
  /** Pulumi only: peak RSS by role (program, provider, engine). */
  roles?: Pick<PeakRss, "programMb" | "providerMb" | "engineMb">;
}

export interface SideRun {
  ops: Partial<Record<Op, OpFigures>>;
  /** 1-minute load average before and after the side ran. */
  load: [number, number];
  stateBytes: number;
}

export function sideKey(s: Side): string {
  if (s.tool === "tofu") return "tofu";
  return `${s.provider}-${s.form}-${s.checkpoints ? "ckpt" : "skip"}-${s.program}`;
}

const PROGRAM_LABEL: Record<ProgramKind, string> = {
  js: "JavaScript program",
  ts: "TypeScript program",
  "ts-transpile": "TypeScript, transpile-only",
};

export function sideLabel(s: Side): string {
  if (s.tool === "tofu") return "OpenTofu + restapi (one object per resource)";
  return [
    s.provider === "native" ? "native plugin" : "dynamic resources",
    s.form === "sets" ? "sets" : "per link",
    s.checkpoints ? "checkpoints on" : "checkpoints off",
    PROGRAM_LABEL[s.program],
  ].join(", ");
}

/** Throws unless the operation did the estate's writes: one per configuration, bridge, link and trunk. */
function checkWrites(op: Op, byRoute: Record<string, number>, mix: Mix, label: string): void {
  const want: Record<string, number> =
    op === "create"
      ? {
          "POST /telephony/providers-configurations/": mix.configurations,
          "POST /telephony/bridges/": mix.bridges,
          "POST /telephony/bridges/{slug}/connect-provider/": mix.numbers,
          "POST /telephony/trunks/": mix.trunks,
        }
      : op === "destroy"
        ? {
            "DELETE /telephony/providers-configurations/{id}/": mix.configurations,
            "DELETE /telephony/bridges/{slug}/": mix.bridges,
            "POST /telephony/bridges/{slug}/disconnect-provider/": mix.numbers,
            "DELETE /telephony/trunks/{id}/": mix.trunks,
          }
        : {};
  const writes = Object.entries(byRoute).filter(([r]) => !r.startsWith("GET "));
  const wrong = [
    ...Object.entries(want).filter(([r, n]) => (byRoute[r] ?? 0) !== n),
    ...writes.filter(([r]) => !(r in want)),
  ];
  if (wrong.length > 0)
    throw new Error(
      `${label} ${op}: writes ${JSON.stringify(Object.fromEntries(writes))}, expected ${JSON.stringify(want)}`,
    );
}

/** Points the TypeScript program in `workDir` at the native plugin's SDK: the same program, only its import differs. */
export async function useNativeSdk(workDir: string): Promise<void> {
  const index = path.join(workDir, "index.ts");
  const text = await readFile(index, "utf8");
  await writeFile(
    index,
    text.replace('from "pulumi-voice-platform";', 'from "pulumi-voice-platform/native";'),
  );
}

/** Runs `ops` of `side` on the estate of `numbers` numbers against `target` (a fresh emulator). */
export async function runSide(
  side: Side,
  target: Target,
  numbers: number,
  parallel: number,
  ops: readonly Op[],
  tofu: TofuInstall | undefined,
): Promise<SideRun> {
  const mix = sameMix(numbers);
  const label = `${sideLabel(side)}, ${numbers} numbers`;
  const before = loadNow();
  const figures: SideRun["ops"] = {};
  if (side.tool === "tofu") {
    if (!tofu) throw new Error("OpenTofu is not installed");
    const stack = await tofuStack(tofu, target, sameEstateAs(numbers, "native", "links"), parallel);
    try {
      let stateBytes = 0;
      for (const op of ops) {
        const m = await stack.run(op);
        if (op === "noop" && m.changes) throw new Error(`${label}: the plan after create planned changes`);
        checkWrites(op, m.byRoute, mix, label);
        figures[op] = { ms: m.ms, requests: m.requests, byRoute: m.byRoute, tree: m.tree };
        if (op === "refresh") stateBytes = await stack.stateBytes();
      }
      return { ops: figures, load: [before, loadNow()], stateBytes };
    } finally {
      await stack.cleanup();
    }
  }
  const spec = sameEstateAs(numbers, side.provider, side.form);
  const env: Record<string, string> = {
    ...(side.checkpoints ? {} : { PULUMI_SKIP_CHECKPOINTS: "true" }),
    ...(side.program === "ts-transpile" ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {}),
  };
  const stack = await benchStack(target, sideKey(side), parallel, {
    native: side.provider === "native",
    env,
    program: side.program === "js" ? "harness/program" : "same-estate/program-ts",
  });
  try {
    if (side.program !== "js" && side.provider === "native")
      await useNativeSdk(stack.stack.workspace.workDir);
    await stack.declare(spec);
    let stateBytes = 0;
    for (const op of ops) {
      const watcher = watchTree();
      const m = await stack.run(PULUMI_OP[op], { rss: true });
      const tree = watcher.stop();
      if (m.error || m.failedOperations > 0)
        throw new Error(`${label} ${op} failed (${m.failedOperations} failed operations): ${m.error ?? ""}`);
      if (op === "noop" && Object.entries(m.changes ?? {}).some(([k, n]) => k !== "same" && n > 0))
        throw new Error(`${label}: the preview after create planned changes: ${JSON.stringify(m.changes)}`);
      checkWrites(op, m.byRoute, mix, label);
      figures[op] = {
        ms: m.ms,
        requests: m.requests,
        byRoute: m.byRoute,
        tree,
        ...(m.rss
          ? { roles: { programMb: m.rss.programMb, providerMb: m.rss.providerMb, engineMb: m.rss.engineMb } }
          : {}),
      };
      if (op === "refresh") stateBytes = (await stack.stateSize()).exportBytes;
    }
    return { ops: figures, load: [before, loadNow()], stateBytes };
  } finally {
    await stack.cleanup();
  }
}
