import type { ResourceDescriptor } from "../provider/descriptor";
import { descriptorOfToken } from "../provider/resources/registry";
import { sameValue } from "../provider/runtime/diff";
import type { NaturalKey } from "../provider/runtime/natural-key";
import { serve } from "../provider/runtime/serve";
import type { VoiceClient } from "../sdk";
import { hasUnknown, isSecret, type PlannedCreate } from "./planned-creates";

/** What the platform holds under a planned create's natural key. */
export type Finding =
  | { kind: "equal"; create: PlannedCreate; id: string; outputs: Record<string, unknown> }
  /** A create stopped part-way (a set partly connected): recorded as the platform has it, the next `up` finishes it. */
  | { kind: "partial"; create: PlannedCreate; id: string; outputs: Record<string, unknown> }
  | { kind: "different"; create: PlannedCreate; id: string; fields: string[] }
  | { kind: "absent"; create: PlannedCreate }
  /** An input is known only once what the resource depends on is recorded (a link's configuration id). */
  | { kind: "waiting"; create: PlannedCreate };

/** Lookups at a time: enough to hide loopback round trips, few enough for the platform's rate limit. */
const PARALLEL = 8;

/**
 * Looks each planned create of this package's types up on the platform by its natural key, through
 * the type's descriptor (its key finds the id, its provider reads the record and diffs it against the
 * planned inputs exactly as the next preview will). Creates of other packages are left out.
 */
export async function findPlannedCreates(
  client: VoiceClient,
  creates: readonly PlannedCreate[],
): Promise<Finding[]> {
  const ours = creates.flatMap((create) => {
    const descriptor = descriptorOfToken(create.type);
    return descriptor ? [{ create, descriptor }] : [];
  });
  const findings: Finding[] = [];
  const held = heldKeys(client);
  for (let i = 0; i < ours.length; i += PARALLEL) {
    const batch = ours.slice(i, i + PARALLEL);
    findings.push(
      ...(await Promise.all(batch.map(({ create, descriptor }) => find(client, create, descriptor, held)))),
    );
  }
  return findings;
}

/**
 * Whether anything holds a type's key on the platform, from each key list read once (as `check` reads
 * it): a create whose key nobody holds was never made, even while another of its inputs is unknown,
 * so no further round is spent waiting for it.
 */
function heldKeys(client: VoiceClient): (natural: NaturalKey, key: string) => Promise<boolean> {
  const listings = new Map<string, Promise<Set<string>>>();
  return async (natural, key) => {
    let listing = listings.get(natural.source);
    if (!listing) {
      listing = natural.holders(client).then((entries) => new Set(entries.map(([k]) => k)));
      listings.set(natural.source, listing);
    }
    return (await listing).has(`${natural.type} ${key}`);
  };
}

async function find(
  client: VoiceClient,
  create: PlannedCreate,
  descriptor: ResourceDescriptor,
  held: ReturnType<typeof heldKeys>,
): Promise<Finding> {
  if (hasUnknown(create.inputs)) {
    const key = create.inputs[descriptor.key.property];
    const absent = typeof key === "string" && !hasUnknown(key) && !(await held(descriptor.key, key));
    return absent ? { kind: "absent", create } : { kind: "waiting", create };
  }
  const id = await descriptor.key.idOf(client, create.inputs);
  if (id === undefined) return { kind: "absent", create };
  const provider = serve(descriptor);
  const live = await provider.read?.(id, {});
  if (!live?.id || !live.props) return { kind: "absent", create };
  const outputs = recordedOutputs(descriptor, create.inputs, live.props);
  const diff = await provider.diff?.(id, outputs, create.inputs);
  if (!diff?.changes) return { kind: "equal", create, id, outputs };
  const partial = descriptor.code.partial?.(create.inputs, live.props);
  if (partial)
    return { kind: "partial", create, id, outputs: recordedOutputs(descriptor, create.inputs, partial) };
  const liveInputs = live.inputs ?? {};
  const fields = Object.keys(liveInputs).filter(
    (k) => !isSecret(create.inputs[k]) && !sameValue(liveInputs[k], create.inputs[k]),
  );
  return {
    kind: "different",
    create,
    id,
    fields: fields.length > 0 ? fields : ["(a field the read does not name)"],
  };
}

/**
 * The outputs state records for a found resource: the live values as a refresh reads them, plus what
 * the platform never returns (the provider text, write-only secrets) from the planned inputs, secrets
 * still encrypted.
 */
function recordedOutputs(
  descriptor: ResourceDescriptor,
  inputs: Record<string, unknown>,
  props: Record<string, unknown>,
): Record<string, unknown> {
  const outputs: Record<string, unknown> = { ...inputs };
  for (const [key, value] of Object.entries(props)) if (value !== undefined) outputs[key] = value;
  for (const key of descriptor.heldSecrets(inputs)) if (key in inputs) outputs[key] = inputs[key];
  return outputs;
}
