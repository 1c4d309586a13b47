// The figures, labels and targets the set-form report's tables share.
import type { Mode } from "../harness/checkpoint-mode";
import type { SetOp, SetSide, SetSideRun } from "./scale";

/** The platform's rate limit: 600 requests a minute, so each request costs at least 0.1 s of a run. */
export const PLATFORM_SECONDS_PER_REQUEST = 60 / 600;
/** Targets of the 10,000-number organization as sets. */
export const TARGETS = { opMs: 5 * 60_000, providerMb: 250, programMb: 500 } as const;
export const OPS = ["up", "preview", "refresh", "adopt", "destroy"] as const;
export type SetOpName = (typeof OPS)[number];
export const SIDE_LABEL: Record<SetSide, string> = {
  native: "native plugin (Node.js program)",
  voice: "dynamic resources",
  yaml: "native plugin (YAML program)",
};
export const OP_LABEL: Record<SetOpName, string> = {
  up: "`up` (create)",
  preview: "`preview` (no-op)",
  refresh: "`refresh`",
  adopt: "`up` of the export (adopt)",
  destroy: "`destroy`",
};
export const MODE_LABEL: Record<Mode, string> = {
  checkpoints: "checkpoints",
  skipCheckpoints: "`PULUMI_SKIP_CHECKPOINTS=true`",
};

export const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const mb = (v: number | null | undefined) => (v == null ? "n/a" : `${Math.round(v)} MB`);
export const verdict = (ok: boolean) => (ok ? "**met**" : "**missed**");

export const opOf = (run: SetSideRun, op: SetOpName): SetOp => (op === "adopt" ? run.adopt.up : run[op]);

export function table(head: string[], rows: string[][]): string[] {
  if (rows.length === 0) return ["(not run)"];
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((cells) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`),
  ];
}

export const cpuOf = (m: SetOp) => (m.rss ? m.rss.cpuS.engine + m.rss.cpuS.program + m.rss.cpuS.provider : 0);
