import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { NotFoundError } from "../../sdk";
import { checkWith } from "../check";
import { diffWith } from "../diff";
import { describeFailures } from "../errors";
import { label, slug } from "../fields";
import { adoptionRefused, adoptMode } from "./adopt";
import { runtimeContext } from "./context";
import { findBridge } from "./natural-key";
import { checkOwnership, takenKeys } from "./ownership";
import { settleCreate } from "./settle";

const TYPE = "Bridge";

/** Inputs after check. */
export const BridgeInputs = z.object({ name: label, slug, adopt: adoptMode });
export type BridgeInputs = z.infer<typeof BridgeInputs>;

/**
 * State recorded for a bridge. Linked numbers are deliberately absent: they belong to
 * `BridgeNumber` resources, and listing them here would make every link look like bridge drift.
 */
export interface BridgeOutputs {
  name: string;
  slug: string;
  bridgeId: number;
  createdAt: string | null;
}

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

/** The dynamic provider of `voice:Bridge`; its id is the slug, the platform's key for a bridge. */
export const bridge: dynamic.ResourceProvider = {
  async check(olds, news) {
    return checkOwnership(TYPE, olds, checkWith(BridgeInputs, news));
  },

  async diff(_id, olds, news) {
    return diffWith({ slug: { replaces: true }, name: {}, adopt: { ignored: true } }, olds, news);
  },

  async create(inputs: BridgeInputs) {
    return describeFailures(TYPE, "create", async () => {
      const context = runtimeContext();
      const client = await context.ready();
      const key = `bridge "${inputs.slug}"`;
      const existing = inputs.adopt ? await findBridge(client, inputs.slug) : undefined;
      let record: BridgeRecord;
      if (!existing) {
        record = await settleCreate({
          key,
          create: () => client.bridges.create({ name: inputs.name, slug: inputs.slug }),
          lookup: () => findBridge(client, inputs.slug),
          differences: (found) => (found.name === inputs.name ? [] : ["name"]),
          takenBefore: () => takenKeys(context).wasTaken("Bridge", inputs.slug),
          ...context.settlePolicy(),
        });
      } else if (existing.name === inputs.name) {
        record = existing;
      } else if (inputs.adopt === "overwrite") {
        record = { ...existing, ...(await client.bridges.update(inputs.slug, { name: inputs.name })) };
      } else {
        throw adoptionRefused(key, [`name (live "${existing.name}")`]);
      }
      return { id: record.slug, outs: outputs(record) };
    });
  },

  async read(id) {
    return describeFailures(TYPE, "read", async () => {
      const live = await findBridge(await runtimeContext().ready(), id);
      if (!live) return {};
      return { id: live.slug, props: outputs(live), inputs: { name: live.name, slug: live.slug } };
    });
  },

  async update(id, olds: BridgeOutputs, news: BridgeInputs) {
    return describeFailures(TYPE, "update", async () => {
      const client = await runtimeContext().ready();
      const updated = await client.bridges.update(id, { name: news.name });
      return { outs: outputs({ ...updated, created_at: updated.created_at ?? olds.createdAt }) };
    });
  },

  async delete(id) {
    await describeFailures(TYPE, "delete", async () => {
      const client = await runtimeContext().ready();
      try {
        await client.bridges.delete(id);
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    });
  },
};
