import type { BridgeDetail, VoiceClient } from "../../../sdk";
import { bridgeDetails } from "../../links";
import { adoptionRefused } from "../../runtime/adopt";
import { checkWith } from "../../runtime/check";
import { checkOwnership, keyOwnership } from "../../runtime/ownership";
import type { ResourceCode } from "../../runtime/resource-code";
import { goneIsDone } from "../../runtime/serve";
import { settleCreate } from "../../runtime/settle";
import { BRIDGE_KEY, findBridge } from "./key";
import { BridgeInputs, type BridgeOutputs } from "./schema";

interface BridgeRecord {
  id: number;
  name: string;
  slug: string;
  created_at?: string | null | undefined;
}

const outputs = (b: BridgeRecord): BridgeOutputs => ({
  name: b.name,
  slug: b.slug,
  bridgeId: b.id,
  createdAt: b.created_at ?? null,
});

/** The engine-side code of `Bridge`; its id is the slug, the platform's key for a bridge. */
export const bridgeCode: ResourceCode<BridgeInputs, BridgeOutputs> = {
  async check(olds, news) {
    return checkOwnership(BRIDGE_KEY, olds, checkWith(BridgeInputs, news));
  },

  async create(inputs, { context, client }) {
    const key = `bridge "${inputs.slug}"`;
    const existing = inputs.adopt ? await findBridge(client, inputs.slug) : undefined;
    let record: BridgeRecord;
    if (!existing) {
      record = await settleCreate({
        key,
        create: () =>
          bridgeDetails(context).write(
            inputs.slug,
            () => client.bridges.create({ name: inputs.name, slug: inputs.slug }),
            { record: true },
          ),
        lookup: () => findBridge(client, inputs.slug),
        differences: (found) => (found.name === inputs.name ? [] : ["name"]),
        ...keyOwnership(context, client, BRIDGE_KEY, inputs.slug),
        ...context.settlePolicy(),
      });
    } else if (existing.name === inputs.name) {
      record = existing;
    } else if (inputs.adopt === "overwrite") {
      const updated = await bridgeDetails(context).write(inputs.slug, () =>
        client.bridges.update(inputs.slug, { name: inputs.name }),
      );
      record = { ...existing, ...updated };
    } else {
      throw adoptionRefused(key, [`name (live "${existing.name}")`]);
    }
    return { id: record.slug, outs: outputs(record) };
  },

  async read(id, props, { context }) {
    // Through the shared reads: a refresh reads a bridge once for the bridge and all its links.
    const found = await bridgeDetails(context).get(id);
    const live = found && (props.bridgeId === undefined || found.id === props.bridgeId) ? found : undefined;
    if (!live) return {};
    return { id: live.slug, props: outputs(live), inputs: { name: live.name, slug: live.slug } };
  },

  async update(id, olds, news, { context, client }) {
    const { other } = await ownBridge(client, id, olds.bridgeId);
    if (other) {
      throw new Error(
        `bridge "${id}" is another bridge on the platform now (id ${other.id}; this stack's, id ` +
          `${olds.bridgeId}, is gone): somebody else's, so nothing is written. \`pulumi refresh\` drops ` +
          "the gone bridge from this stack; then take the new one over with `adopt: true`, or choose another slug",
      );
    }
    const updated = await bridgeDetails(context).write(id, () =>
      client.bridges.update(id, { name: news.name }),
    );
    return { outs: outputs({ ...updated, created_at: updated.created_at ?? olds.createdAt }) };
  },

  async delete(id, props, { context, client }) {
    // This stack's bridge is gone when another holds its slug now: deleting that one would delete
    // somebody else's. One listing of the bridges answers this for every bridge a destroy deletes.
    const liveId = await bridgeDetails(context).liveId(id);
    if (liveId !== undefined && props.bridgeId !== undefined && liveId !== props.bridgeId) return;
    await bridgeDetails(context).write(id, () => goneIsDone(client.bridges.delete(id)), { record: true });
  },
};

/**
 * The live bridge under `slug`, unless it is another record than the one state holds (`bridgeId`):
 * a bridge's id in state is its slug, and after this stack's bridge is deleted out of band, somebody
 * else may create one with the same slug, which is theirs (`other`).
 */
async function ownBridge(
  client: VoiceClient,
  slug: string,
  bridgeId: number | undefined,
): Promise<{ live?: BridgeDetail; other?: BridgeDetail }> {
  const live = await findBridge(client, slug);
  if (live && bridgeId !== undefined && live.id !== bridgeId) return { other: live };
  return live ? { live } : {};
}
