import { type NaturalKey, text } from "../../runtime/natural-key";
import { bridgesAndLinks, findBridge } from "../bridge/key";

/**
 * A set's natural key: its bridge, since a set declares all of a bridge's numbers. Its numbers are
 * each checked against the links the bridges list (see `ownership.ts`); `recover` finds a set whose
 * create was interrupted by its bridge.
 */
export const BRIDGE_NUMBERS_KEY: NaturalKey = {
  type: "BridgeNumbers",
  property: "bridgeSlug",
  describe: "bridge number set of bridge",
  source: "Bridge",
  holders: bridgesAndLinks,
  async idOf(client, inputs) {
    const slug = text(inputs.bridgeSlug);
    return slug && (await findBridge(client, slug)) ? slug : undefined;
  },
};
