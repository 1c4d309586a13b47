import { BadRequestError, type BridgeDetail, NotFoundError } from "../../../sdk";
import { checkWith } from "../../runtime/check";
import { normalizePhoneNumber } from "../../runtime/fields";
import { checkOwnership, keyOwnership } from "../../runtime/ownership";
import type { ResourceCode } from "../../runtime/resource-code";
import { isAmbiguous, pause, settleCreate } from "../../runtime/settle";
import { type BridgeNumberIds, bridgeNumberId, parseBridgeNumberId } from "./id";
import { BRIDGE_NUMBER_KEY } from "./key";
import { checkLinkOnPlatform } from "./preview-lookups";
import { BridgeNumberInputs, type BridgeNumberOutputs } from "./schema";

function outputs(ids: BridgeNumberIds, bridge: BridgeDetail | undefined): BridgeNumberOutputs | undefined {
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

/** The engine-side code of `BridgeNumber`. Deleting it disconnects the number; the number is never released. */
export const bridgeNumberCode: ResourceCode<BridgeNumberInputs, BridgeNumberOutputs> = {
  async check(olds, news) {
    // The platform's own rules (configuration of the organization, number of the organization), from cached lists.
    return checkOwnership(
      BRIDGE_NUMBER_KEY,
      olds,
      await checkLinkOnPlatform(checkWith(BridgeNumberInputs, news)),
    );
  },

  async create(inputs, { context, client }) {
    const linked = inputs.adopt
      ? outputs(inputs, await context.bridgeDetails.get(inputs.bridgeSlug))
      : undefined;
    const { bridgeSlug, phoneNumber } = inputs;
    const onBridge = async () =>
      outputs(inputs, await context.bridgeDetails.get(bridgeSlug, context.bridgeDetails.now()));
    const outs =
      linked ??
      (await settleCreate({
        key: `the link of ${phoneNumber} to bridge "${bridgeSlug}"`,
        // The connect answer holds no link: the bridge's detail view, read after it, does.
        create: async () => {
          await context.bridgeDetails.write(bridgeSlug, () =>
            client.bridges.connectProvider(bridgeSlug, {
              provider_config_id: inputs.providerConfigurationId,
              phone_number: phoneNumber,
            }),
          );
          return onBridge();
        },
        lookup: onBridge,
        differences: () => [],
        ...keyOwnership(context, client, BRIDGE_NUMBER_KEY, phoneNumber, { bridgeSlug }),
        ...context.settlePolicy(),
      }).catch((err: unknown) => {
        throw explainAlreadyLinked(err, inputs);
      }));
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
  },

  async read(id, props, { context }) {
    const ids =
      props.bridgeSlug && props.phoneNumber && props.providerConfigurationId
        ? {
            bridgeSlug: props.bridgeSlug,
            providerConfigurationId: props.providerConfigurationId,
            phoneNumber: props.phoneNumber,
          }
        : parseBridgeNumberId(id);
    const outs = outputs(ids, await context.bridgeDetails.get(ids.bridgeSlug));
    if (!outs) return {};
    return { id, props: outs, inputs: ids };
  },

  // Every input replaces, so the engine never asks for an in-place update; should it, re-reading is the truthful answer.
  async update(id, _olds, news, { context }) {
    const outs = outputs(news, await context.bridgeDetails.get(news.bridgeSlug));
    if (!outs) throw new Error(`${news.phoneNumber} is not linked to bridge ${news.bridgeSlug} (${id})`);
    return { outs };
  },

  async delete(_id, props, { context, client }) {
    const { bridgeSlug, phoneNumber } = props;
    const policy = context.settlePolicy();
    // Disconnecting is a POST: when its answer is lost, the bridge's detail view says whether it happened.
    for (let attempt = 1; ; attempt++) {
      try {
        await context.bridgeDetails.write(bridgeSlug, () =>
          client.bridges.disconnectProvider(bridgeSlug, { phone_number: phoneNumber }),
        );
        return;
      } catch (err) {
        if (isGone(err)) return;
        if (!isAmbiguous(err) || attempt >= policy.attempts) throw err;
      }
      const still = outputs(props, await context.bridgeDetails.get(bridgeSlug, context.bridgeDetails.now()));
      if (!still) return;
      await pause(attempt, policy.baseDelayMs);
    }
  },
};

/** Disconnecting what is not linked, or from a bridge that is gone, is success. */
const isGone = (err: unknown) =>
  err instanceof NotFoundError || (err instanceof BadRequestError && err.code === "number_not_linked");

/** Turns the platform's `number_already_linked` into the two ways out of it. */
function explainAlreadyLinked(err: unknown, inputs: BridgeNumberInputs): unknown {
  if (!(err instanceof BadRequestError && err.code === "number_already_linked")) return err;
  return new Error(
    `${err.message}. A number sits on one bridge at a time, and ${inputs.phoneNumber} cannot join bridge ` +
      `"${inputs.bridgeSlug}" while it is on another. If this program moves it, name the BridgeNumber by its ` +
      "phone number so the move replaces the link (disconnect, then connect), or keep the old resource name with " +
      '`aliases: [{ name: "<old name>" }]`; if another stack or the dashboard holds it, disconnect it there first',
  );
}
