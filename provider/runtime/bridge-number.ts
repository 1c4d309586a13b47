import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { BadRequestError, type BridgeDetail, NotFoundError } from "../../sdk";
import { checkWith } from "../check";
import { diffWith } from "../diff";
import { describeFailures } from "../errors";
import { normalizePhoneNumber, phoneNumber, platformId, slug } from "../fields";
import { runtimeContext } from "./context";

const TYPE = "BridgeNumber";

/** Inputs after check. */
export const BridgeNumberInputs = z.object({
  bridgeSlug: slug,
  providerConfigurationId: platformId,
  phoneNumber,
  adopt: z.boolean().optional(),
});
export type BridgeNumberInputs = z.infer<typeof BridgeNumberInputs>;

/** State recorded for a link between a provider number and a bridge. */
export interface BridgeNumberOutputs {
  bridgeSlug: string;
  providerConfigurationId: number;
  phoneNumber: string;
  numberId: number;
  state: string | null;
  active: boolean | null;
  channelsCount: number | null;
  status: string | null;
}

/** The resource id: `<bridgeSlug>/<providerConfigurationId>/<phoneNumber>`, so `get` can rebuild the inputs. */
export const bridgeNumberId = (
  i: Pick<BridgeNumberInputs, "bridgeSlug" | "providerConfigurationId" | "phoneNumber">,
) => `${i.bridgeSlug}/${i.providerConfigurationId}/${i.phoneNumber}`;

function parseId(
  id: string,
): Pick<BridgeNumberInputs, "bridgeSlug" | "providerConfigurationId" | "phoneNumber"> {
  const [bridgeSlug = "", configId = "", number = ""] = id.split("/");
  return { bridgeSlug, providerConfigurationId: Number(configId), phoneNumber: number };
}

function outputs(
  ids: ReturnType<typeof parseId>,
  bridge: BridgeDetail | undefined,
): BridgeNumberOutputs | undefined {
  const entry = bridge?.numbers.find((n) => normalizePhoneNumber(n.number) === ids.phoneNumber);
  if (!entry) return undefined;
  return {
    ...ids,
    numberId: entry.number_id,
    state: entry.state ?? null,
    active: entry.active ?? null,
    channelsCount: entry.channels_count ?? null,
    status: entry.status ?? null,
  };
}

/** Every input is identity; `adopt` only matters on create. */
const RULES = {
  bridgeSlug: { replaces: true },
  providerConfigurationId: { replaces: true },
  phoneNumber: { replaces: true },
  adopt: { ignored: true },
} as const;

/** The dynamic provider of `voice:BridgeNumber`. Deleting it disconnects the number; the number is never released. */
export const bridgeNumber: dynamic.ResourceProvider = {
  async check(_olds, news) {
    return checkWith(BridgeNumberInputs, news);
  },

  async diff(_id, olds, news) {
    // A number sits on one bridge at a time: the old link must go before the new one is made.
    return diffWith(RULES, olds, news, { deleteBeforeReplace: true });
  },

  async create(inputs: BridgeNumberInputs) {
    return describeFailures(TYPE, "create", async () => {
      const context = runtimeContext();
      const client = await context.ready();
      const linked = inputs.adopt
        ? outputs(inputs, await context.bridgeDetails.get(inputs.bridgeSlug))
        : undefined;
      if (!linked) {
        await context.bridgeDetails.write(inputs.bridgeSlug, () =>
          client.bridges.connectProvider(inputs.bridgeSlug, {
            provider_config_id: inputs.providerConfigurationId,
            phone_number: inputs.phoneNumber,
          }),
        );
      }
      const outs =
        linked ??
        outputs(inputs, await context.bridgeDetails.get(inputs.bridgeSlug, context.bridgeDetails.now()));
      const id = bridgeNumberId(inputs);
      if (!outs) {
        // Connected, yet not on the bridge when read back: record what was made so destroy can undo it.
        throw Object.assign(
          new Error(`${inputs.phoneNumber} was connected but is not listed on bridge ${inputs.bridgeSlug}`),
          {
            id,
            properties: inputs,
          },
        );
      }
      return { id, outs };
    });
  },

  async read(id, props: Partial<BridgeNumberOutputs>) {
    return describeFailures(TYPE, "read", async () => {
      const ids =
        props.bridgeSlug && props.phoneNumber && props.providerConfigurationId
          ? {
              bridgeSlug: props.bridgeSlug,
              providerConfigurationId: props.providerConfigurationId,
              phoneNumber: props.phoneNumber,
            }
          : parseId(id);
      const outs = outputs(ids, await runtimeContext().bridgeDetails.get(ids.bridgeSlug));
      if (!outs) return {};
      return { id, props: outs, inputs: ids };
    });
  },

  // Every input replaces, so the engine never asks for an in-place update; should it, re-reading is the truthful answer.
  async update(id, _olds, news: BridgeNumberInputs) {
    return describeFailures(TYPE, "update", async () => {
      const outs = outputs(news, await runtimeContext().bridgeDetails.get(news.bridgeSlug));
      if (!outs) throw new Error(`${news.phoneNumber} is not linked to bridge ${news.bridgeSlug} (${id})`);
      return { outs };
    });
  },

  async delete(_id, props: BridgeNumberOutputs) {
    await describeFailures(TYPE, "delete", async () => {
      const client = await runtimeContext().ready();
      try {
        await client.bridges.disconnectProvider(props.bridgeSlug, { phone_number: props.phoneNumber });
      } catch (err) {
        const gone =
          err instanceof NotFoundError ||
          (err instanceof BadRequestError && err.code === "number_not_linked");
        if (!gone) throw err;
      }
    });
  },
};
