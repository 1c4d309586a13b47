import { REGISTRY } from "../../provider/resources/registry";
import type { ResourceDescriptor } from "../../provider/runtime/descriptor";
import type { Selection } from "./filters";
import { descriptorOfKind, recordsOf } from "./kinds";
import { loneSurrogateAt } from "./lone-surrogate";

/** What the notes say to do about a left-out record. */
const WAY_OUT = "which no Pulumi program can hold: rename it on the platform and export again";

/** The first declared field of a record whose value no program can hold, with the reason. */
function unrepresentable(fields: Readonly<Record<string, string | null | undefined>>): string | undefined {
  for (const [field, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    const at = loneSurrogateAt(value);
    if (at !== undefined)
      return `its ${field} has an unpaired surrogate (U+${value.charCodeAt(at).toString(16).toUpperCase()}) at character ${at + 1}, ${WAY_OUT}`;
  }
  return undefined;
}

/**
 * Leaves out every selected record with a field no program can declare (an unpaired surrogate: UTF-8,
 * so YAML, the engine and its state, cannot encode it), and the records that reference one left out,
 * with a note naming each record and field. The rest exports as usual.
 */
export function leaveOutUnrepresentable(s: Selection): Selection {
  const notes: string[] = [];
  const kept = new Map<string, Set<string>>();
  const out: Record<string, unknown[]> = {};
  // Records that reference none first, so a reference's target is decided before the record that names it.
  const referencing = (d: ResourceDescriptor) => Object.keys(d.exported.references).length > 0;
  for (const d of [...REGISTRY.filter((d) => !referencing(d)), ...REGISTRY.filter(referencing)]) {
    const { kind, references, label, text, id } = d.exported;
    const why = (r: unknown): string | undefined => {
      for (const reference of Object.values(references)) {
        const target = reference.target(r);
        if (!kept.get(reference.kind)?.has(target))
          return `its ${reference.kind} ${descriptorOfKind(reference.kind).exported.shownId(target)} is left out`;
      }
      return unrepresentable(text(r));
    };
    out[`${kind}s`] = recordsOf(s, kind).filter((r) => {
      const reason = why(r);
      if (reason !== undefined) notes.push(`${label(r)} left out: ${reason}`);
      return reason === undefined;
    });
    kept.set(kind, new Set((out[`${kind}s`] ?? []).map((r) => id(r))));
  }
  return { ...(out as unknown as Selection), notes: [...s.notes, ...notes] };
}
