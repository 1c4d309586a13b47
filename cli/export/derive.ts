import { REGISTRY } from "../../provider/resources/registry";
import type { ExportForm } from "../../provider/runtime/export-mapping";
import { type Records, recordsOf } from "./kinds";
import type { Organization } from "./organization";

/**
 * The records of every kind: those read, and those their types derive from them (with notes on what
 * could not be). A type of another form than `form` derives none, so each bridge's numbers are
 * declared one way only.
 */
export function derive(org: Organization, form: ExportForm): { records: Records; notes: string[] } {
  const read = Object.fromEntries(REGISTRY.map(({ exported: { kind } }) => [kind, recordsOf(org, kind)]));
  const records: Record<string, readonly unknown[]> = {};
  const notes: string[] = [];
  for (const { exported } of REGISTRY) {
    if ("read" in exported.source) {
      records[`${exported.kind}s`] = recordsOf(org, exported.kind);
      continue;
    }
    if (!declaredIn(form, exported.form)) {
      records[`${exported.kind}s`] = [];
      continue;
    }
    const derived = exported.source.derive(read);
    records[`${exported.kind}s`] = derived.records;
    notes.push(...derived.notes);
  }
  return { records: records as unknown as Records, notes };
}

/** Whether an export in `form` declares records of a type of `typeForm` (every type without a form). */
export const declaredIn = (form: ExportForm, typeForm: ExportForm | undefined): boolean =>
  typeForm === undefined || typeForm === form;
