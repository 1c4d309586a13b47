// One report from a preview and a refresh: each row says whether the code, the platform or both differ.
import { type ChangeRow, changedCount, documentRows, stepRows } from "./changes";
import { documentSteps, type EngineJson, isRefresh } from "./engine-json";

/** What the report shows: its rows, and drift the engine counted without saying where. */
export interface Report {
  rows: ChangeRow[];
  /** Resources a refresh counted as drifted whose properties its JSON does not carry. */
  unlocatedDrift: number;
}

const key = (row: ChangeRow) => `${row.urn}\u0000${row.property}`;

/**
 * Combines engine documents: a plain preview's rows come from the code; a refresh's (or a
 * `preview --refresh`'s) rows not in the plain preview come from the platform.
 */
export function buildReport(documents: readonly EngineJson[]): Report {
  const plain = documents.filter((d) => !isRefresh(d));
  const refreshed = documents.filter(isRefresh);
  const rows = new Map<string, ChangeRow>();
  const fromCode = new Map<string, ChangeRow>();
  for (const doc of plain)
    for (const row of documentRows(doc)) {
      const origin = refreshed.length > 0 ? "code" : undefined;
      const withOrigin: ChangeRow = origin ? { ...row, origin } : row;
      fromCode.set(key(row), withOrigin);
      rows.set(key(row), withOrigin);
    }
  let unlocatedDrift = 0;
  for (const doc of refreshed) {
    const steps = documentSteps(doc);
    const drift = steps.filter((s) => s.op === "refresh").flatMap(stepRows);
    const planned = steps.filter((s) => s.op !== "refresh" && s.op !== "same").flatMap(stepRows);
    for (const row of [...drift.map((r) => ({ ...r, origin: "platform" as const })), ...planned]) {
      const known = fromCode.get(key(row));
      const changedOnPlatform =
        row.origin === "platform" ||
        (known !== undefined && JSON.stringify(known.platform) !== JSON.stringify(row.platform));
      const origin = known ? (changedOnPlatform ? "code and platform" : "code") : "platform";
      const code = row.origin === "platform" && known ? known.code : row.code;
      const { origin: _, ...rest } = row;
      // Without a plain preview, a planned change's cause is not known.
      const unknown = plain.length === 0 && row.origin !== "platform";
      // A resource the refresh found gone is drift, though the plan that follows creates it again.
      const drifted = rows.get(key(row))?.origin === "platform";
      rows.set(
        key(row),
        unknown && !drifted ? { ...rest, code } : { ...rest, code, origin: drifted ? "platform" : origin },
      );
    }
    // The engine's own refresh JSON (3.259) prints each refresh step's recorded state twice: it counts
    // drifted resources in its change summary but does not say which properties differ.
    if (drift.length === 0 && planned.length === 0) unlocatedDrift += changedCount(doc);
  }
  return { rows: [...rows.values()], unlocatedDrift };
}

/** Whether the report shows any change. */
export function hasChanges(report: Report): boolean {
  return report.rows.length > 0 || report.unlocatedDrift > 0;
}
