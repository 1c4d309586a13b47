import { stripPhoneSeparators } from "../../../sdk";
import { isUnknown } from "../../runtime/fields";
import { type NaturalKey, text } from "../../runtime/natural-key";
import { AFTER_INTERRUPT } from "../../runtime/ownership";
import { bridgesAndLinks, findBridge } from "../bridge/key";
import { bridgeNumberId } from "./id";

/**
 * A link's natural key: its number, since a number sits on one bridge at a time. Links are listed
 * with their bridges, and only a link on the declared bridge can be adopted.
 */
export const BRIDGE_NUMBER_KEY: NaturalKey = {
  type: "BridgeNumber",
  property: "phoneNumber",
  describe: "number",
  source: "Bridge",
  holders: bridgesAndLinks,
  async idOf(client, inputs) {
    const bridgeSlug = text(inputs.bridgeSlug);
    const phoneNumber = text(inputs.phoneNumber);
    const configId = Number(inputs.providerConfigurationId);
    if (!bridgeSlug || !phoneNumber) return undefined;
    const bridge = await findBridge(client, bridgeSlug);
    const linked = bridge?.numbers.some((n) => stripPhoneSeparators(n.number) === phoneNumber);
    return linked ? bridgeNumberId({ providerConfigurationId: configId, phoneNumber }) : undefined;
  },
  adoptable: (holder, inputs) => holder.bridgeSlug === inputs.bridgeSlug || isUnknown(inputs.bridgeSlug),
  takenReason(key, holder, inputs) {
    const who = holder?.what ?? "a holder the platform no longer lists";
    if (holder?.bridgeSlug === inputs.bridgeSlug) {
      return (
        `${key} is already linked to ${who} by another stack or the dashboard, not by this stack. Take the ` +
        "link over with `adopt: true` (see docs/adopting-and-exporting.md), or link another " +
        `number. ${AFTER_INTERRUPT}`
      );
    }
    return (
      `${key} is already linked to ${who} (by another stack, the dashboard, or a link of this ` +
      "program under another resource name). A number sits on one bridge at a time: to move it in this " +
      "program, name the BridgeNumber by its phone number so the move updates the link in place, or keep the old " +
      'name with `aliases: [{ name: "<old name>" }]`. ' +
      AFTER_INTERRUPT
    );
  },
};
