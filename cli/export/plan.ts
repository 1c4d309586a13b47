import { REGISTRY } from "../../provider/resources/registry";
import type { ResourceDescriptor } from "../../provider/runtime/descriptor";
import type { ExportForm } from "../../provider/runtime/export-mapping";
import { type Declared, declared } from "./declared";
import { declaredIn } from "./derive";
import type { Selection } from "./filters";
import { type Kind, type RecordOfKind, recordsOf } from "./kinds";
import { camelCase, sanitizeName, uniqueIdentifiers, uniqueNames } from "./names";

/** A write-only value the program reads from secret stack config. */
export interface SecretInput {
  /** Stack config key in the project's namespace, e.g. `twilioAuthToken`. */
  key: string;
  /** What to put there, for the README and the printed `pulumi config set` lines. */
  describe: string;
}

/** One resource the program declares for a platform record. */
export interface PlannedResource<R = unknown> {
  readonly descriptor: ResourceDescriptor;
  readonly record: R;
  /** The resource name. */
  readonly name: string;
  /** Its program variable (TypeScript) and key (YAML). */
  readonly variable: string;
  /** Whether a TypeScript program binds it to its variable. */
  bound: boolean;
  /** The id the provider reads it by (the one `Type.get` and `pulumi import` take). */
  readonly id: string;
  /** Its declared properties, in its type's input order. */
  readonly properties: [string, Declared][];
  /** The write-only values it reads from secret stack config. */
  readonly secrets: SecretInput[];
  /** The records of grouped types declared under it (a bridge's links). */
  readonly groups: PlannedGroup[];
}

/** Records of a grouped type declared together under one parent, with the same references. */
export interface PlannedGroup {
  readonly descriptor: ResourceDescriptor;
  /** The resources the group references, in input order, its parent among them. */
  readonly references: PlannedResource[];
  readonly members: PlannedResource[];
}

/** What the program declares, named: resource names, program variables and secret config keys. */
export interface Plan {
  /** The resources declared on their own, in registry order; grouped ones are in their parent's groups. */
  resources: PlannedResource[];
  /** Every secret config key, in program order. */
  secrets: SecretInput[];
  /** How many resources of each kind the form declares (the other form's kind is absent, not 0). */
  counts: Readonly<Record<string, number>>;
}

/** The planned resources of `kind`, grouped ones included, in program order. */
export function plannedOf<K extends Kind>(p: Plan, kind: K): PlannedResource<RecordOfKind<K>>[] {
  return p.resources
    .flatMap((r) => [r, ...r.groups.flatMap((g) => g.members)])
    .filter((r) => r.descriptor.exported.kind === kind) as PlannedResource<RecordOfKind<K>>[];
}

/** A kind's records with their resource names: its type's names, sanitized when free text, made unique. */
function named(descriptor: ResourceDescriptor, selection: Selection) {
  const { kind, naming } = descriptor.exported;
  const records = recordsOf(selection, kind);
  const names = uniqueNames(
    records.map((r) => {
      const name = naming.name(r, records);
      return naming.sanitize ? sanitizeName(name, naming.stem) : name;
    }),
  );
  return { descriptor, records, names };
}

/**
 * Names every selected record and declares it as its type maps it: resource names from natural keys
 * (sanitized where free text), program variables and secret config keys unique across the program,
 * references resolved to the resources they name, and grouped records under their parent; counted
 * by the kinds `form` declares.
 */
export function plan(selection: Selection, form: ExportForm): Plan {
  const kinds = REGISTRY.map((d) => named(d, selection));
  const stem = (d: ResourceDescriptor, name: string) => camelCase(name, d.exported.naming.stem);
  const variables = uniqueIdentifiers(
    kinds.flatMap(({ descriptor: d, names }) =>
      d.exported.group ? [] : names.map((n) => `${stem(d, n)}${d.exported.naming.suffix}`),
    ),
  );
  // Every secret a type declares gets a key for every record, held or not, so keys do not shift with the platform's data.
  const secretKeys = uniqueIdentifiers(
    kinds.flatMap(({ descriptor: d, names }) =>
      names.flatMap((n) => Object.values(d.exported.secrets).map((s) => `${stem(d, n)}${s.key}`)),
    ),
  );
  let nextVariable = 0;
  let nextSecret = 0;
  const byKind = new Map<string, Map<string, PlannedResource>>();
  const resources: PlannedResource[] = [];
  const counts: Record<string, number> = {};
  for (const { descriptor: d, records, names } of kinds) {
    const { kind, group, secrets, references } = d.exported;
    const planned = new Map<string, PlannedResource>();
    byKind.set(kind, planned);
    if (declaredIn(form, d.exported.form)) counts[kind] = records.length;
    records.forEach((record, i) => {
      const name = names[i] as string;
      const held: Record<string, SecretInput> = {};
      for (const [input, s] of Object.entries(secrets)) {
        const key = secretKeys[nextSecret++] as string;
        if (s.held?.(record) ?? true) held[input] = { key, describe: s.describe(record) };
      }
      const targets = Object.entries(references).map(([input, reference]): [string, PlannedResource] => {
        const target = byKind.get(reference.kind)?.get(reference.target(record));
        if (!target) throw new Error(`${kind} ${name}: its ${reference.kind} is not exported`);
        return [input, target];
      });
      const resource: PlannedResource = {
        descriptor: d,
        record,
        name,
        variable: group ? group.key(name) : (variables[nextVariable++] as string),
        bound: d.exported.binding === "always",
        id: d.exported.id(record),
        properties: declared(d, record, held, Object.fromEntries(targets)),
        secrets: Object.values(held),
        groups: [],
      };
      planned.set(resource.id, resource);
      for (const [, target] of targets) target.bound = true;
      if (!group) {
        resources.push(resource);
        return;
      }
      const parent = targets.find(([input]) => input === group.under)?.[1];
      const others = targets.map(([, t]) => t);
      const same = parent?.groups.find(
        (g) => g.descriptor === d && g.references.every((t, j) => t === others[j]),
      );
      if (same) same.members.push(resource);
      else parent?.groups.push({ descriptor: d, references: others, members: [resource] });
    });
  }
  const all = resources.flatMap((r) => [r, ...r.groups.flatMap((g) => g.members)]);
  return { resources, secrets: all.flatMap((r) => r.secrets), counts };
}
