// What each resource of a stack costs in its checkpoint, by type and by part of its entry. The
// self-managed (file) backend writes the checkpoint as compact JSON after every step, so a resource's
// bytes are those of its entry serialized compactly; `pulumi stack export` (secrets encrypted, as on
// disk) is read and each entry is measured alone.

/** The parts of a resource entry, each measured as the bytes of its key and value in compact JSON. */
export const PARTS = ["inputs", "outputs", "provider text", "source", "dependencies", "rest"] as const;
export type Part = (typeof PARTS)[number];

/** Mean bytes of one resource of a type, in total and per part. */
export interface TypeBytes {
  count: number;
  bytes: number;
  parts: Record<Part, number>;
}

export interface StateBytes {
  /** The whole deployment as the file backend writes it (compact JSON). */
  checkpointBytes: number;
  /** Resources in the checkpoint (with the stack and the default provider). */
  resources: number;
  byType: Record<string, TypeBytes>;
}

type Entry = Record<string, unknown> & { type: string; custom?: boolean };

/** Which part each key of an entry is counted in; `inputs`/`outputs` keep their `__provider` apart. */
const PART_OF: Record<string, Part> = {
  inputs: "inputs",
  outputs: "outputs",
  sourcePosition: "source",
  stackTrace: "source",
  dependencies: "dependencies",
  propertyDependencies: "dependencies",
};

const bytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
const zero = (): Record<Part, number> => Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<Part, number>;

/** One entry's bytes per part: a key's bytes are `"key":value,`, so the parts add up to the entry. */
function entryParts(entry: Entry): Record<Part, number> {
  const parts = zero();
  for (const [key, value] of Object.entries(entry)) {
    const part = PART_OF[key] ?? "rest";
    let own = bytes(key) + 1 + bytes(value) + 1;
    if ((part === "inputs" || part === "outputs") && value && typeof value === "object") {
      const provider = (value as Record<string, unknown>).__provider;
      if (provider !== undefined) {
        const line = bytes("__provider") + 1 + bytes(provider) + 1;
        parts["provider text"] += line;
        own -= line;
      }
    }
    parts[part] += own;
  }
  // The braces of the entry itself, less the comma after its last key.
  parts.rest += 1;
  return parts;
}

/** The bytes of a deployment (`pulumi stack export` JSON text) per type of its custom resources. */
export function stateBytes(exported: string): StateBytes {
  const deployment = (JSON.parse(exported) as { deployment: { resources?: Entry[] } }).deployment;
  const resources = deployment.resources ?? [];
  const sums: Record<string, { count: number; parts: Record<Part, number> }> = {};
  for (const entry of resources) {
    if (!entry.custom || entry.type.startsWith("pulumi:providers:")) continue;
    const type = entry.type.replace(/^pulumi-nodejs:dynamic\//, "");
    const sum = sums[type] ?? { count: 0, parts: zero() };
    sums[type] = sum;
    sum.count++;
    const parts = entryParts(entry);
    for (const p of PARTS) sum.parts[p] += parts[p];
  }
  const byType = Object.fromEntries(
    Object.entries(sums)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, { count, parts }]) => {
        const mean = Object.fromEntries(PARTS.map((p) => [p, Math.round(parts[p] / count)])) as Record<
          Part,
          number
        >;
        return [type, { count, bytes: PARTS.reduce((s, p) => s + mean[p], 0), parts: mean }];
      }),
  );
  return { checkpointBytes: bytes(deployment), resources: resources.length, byType };
}
