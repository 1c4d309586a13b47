import type { BridgeDetail } from "../../../sdk";
import { stripPhoneSeparators } from "../../../sdk";
import {
  bridgeDetails,
  checkLinkOnPlatform,
  connectNumber,
  disconnectNumber,
  isAlreadyLinked,
} from "../../links";
import { checkWith } from "../../runtime/check";
import { checkOwnership, keyOwnership } from "../../runtime/ownership";
import type { ResourceCode } from "../../runtime/resource-code";
import { type BridgeNumberIds, bridgeNumberId, parseBridgeNumberId } from "./id";
import { BRIDGE_NUMBER_KEY } from "./key";
import { locateLink } from "./locate";
import { BridgeNumberInputs, type BridgeNumberOutputs } from "./schema";

/** A link's identity and the bridge it is on. */
type BridgeNumberLink = BridgeNumberIds & { bridgeSlug: string };

function outputs(link: BridgeNumberLink, bridge: BridgeDetail | undefined): BridgeNumberOutputs | undefined {
  const entry = bridge?.numbers.find((n) => stripPhoneSeparators(n.number) === link.phoneNumber);
  if (!entry) return undefined;
  return {
    ...link,
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
      ? outputs(inputs, await bridgeDetails(context).get(inputs.bridgeSlug))
      : undefined;
    const { bridgeSlug, phoneNumber } = inputs;
    const onBridge = async () =>
      outputs(inputs, await bridgeDetails(context).get(bridgeSlug, bridgeDetails(context).now()));
    let outs = linked;
    if (!outs) {
      await connectNumber({ context, client }, inputs, {
        ...keyOwnership(context, client, BRIDGE_NUMBER_KEY, phoneNumber, { bridgeSlug }),
      }).catch((err: unknown) => {
        throw explainAlreadyLinked(err, inputs);
      });
      // The connect answer holds no link: the bridge's detail view, read after it, does.
      outs = await onBridge();
    }
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

  // A refresh reads the recorded bridge; a lookup by id alone (`get`, `pulumi import`) finds the bridge
  // holding the number. Either answers the id in today's form, so an id an earlier version wrote
  // (naming the bridge the link was first made on) is rewritten by the next refresh or import.
  async read(id, props, { context }) {
    const { bridgeSlug, phoneNumber, providerConfigurationId } = props;
    let link: BridgeNumberLink | undefined;
    let bridge: BridgeDetail | undefined;
    if (bridgeSlug && phoneNumber && providerConfigurationId) {
      link = { bridgeSlug, providerConfigurationId, phoneNumber };
      bridge = await bridgeDetails(context).get(bridgeSlug);
    } else {
      const parsed = parseBridgeNumberId(id);
      bridge = parsed && (await locateLink(context, parsed));
      if (!parsed || !bridge) return {};
      const { providerConfigurationId, phoneNumber } = parsed;
      link = { bridgeSlug: bridge.slug, providerConfigurationId, phoneNumber };
    }
    const outs = outputs(link, bridge);
    if (!outs) return {};
    return { id: bridgeNumberId(link), props: outs, inputs: link };
  },

  // Only a change of bridge reaches update (the rest replaces): the move, disconnect then connect at once.
  async update(id, olds, news, { context, client }) {
    if (olds.bridgeSlug !== news.bridgeSlug) {
      await disconnectNumber({ context, client }, olds.bridgeSlug, olds.phoneNumber);
      try {
        await connectNumber({ context, client }, news, { moveFromGiver: true });
      } catch (err) {
        // Off the old bridge, not on the new one: state says so (still the old bridge, not linked),
        // and the next `up` connects it, as the move's disconnect of what is not linked is success.
        throw Object.assign(explainAlreadyLinked(err, news) as Error, { id, properties: olds });
      }
    }
    const outs = outputs(
      news,
      await bridgeDetails(context).get(news.bridgeSlug, bridgeDetails(context).now()),
    );
    if (!outs) throw new Error(`${news.phoneNumber} is not linked to bridge ${news.bridgeSlug} (${id})`);
    return { outs };
  },

  async delete(_id, props, connection) {
    await disconnectNumber(connection, props.bridgeSlug, props.phoneNumber);
  },
};

/** Turns the platform's `number_already_linked` into the two ways out of it. */
function explainAlreadyLinked(err: unknown, inputs: BridgeNumberInputs): unknown {
  if (!isAlreadyLinked(err)) return err;
  return new Error(
    `${err.message}. A number sits on one bridge at a time, and ${inputs.phoneNumber} cannot join bridge ` +
      `"${inputs.bridgeSlug}" while it is on another. If this program moves it, name the BridgeNumber by its ` +
      "phone number so the move is one in-place update (disconnect, then connect), or keep the old resource name with " +
      '`aliases: [{ name: "<old name>" }]`; if another stack or the dashboard holds it, disconnect it there first',
  );
}
