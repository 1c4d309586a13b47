import { type Records, recordsOf, TYPES } from "./kinds";
import type { Organization } from "./organization";

/** The records of every kind: those read, and those their types derive from them (with notes on what could not be). */
export function derive(org: Organization): { records: Records; notes: string[] } {
  const read = Object.fromEntries(TYPES.map(({ exported: { kind } }) => [kind, recordsOf(org, kind)]));
  const records: Record<string, readonly unknown[]> = {};
  const notes: string[] = [];
  for (const { exported } of TYPES) {
    if ("read" in exported.source) {
      records[`${exported.kind}s`] = recordsOf(org, exported.kind);
      continue;
    }
    const derived = exported.source.derive(read);
    records[`${exported.kind}s`] = derived.records;
    notes.push(...derived.notes);
  }
  return { records: records as unknown as Records, notes };
}
