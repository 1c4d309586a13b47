import { type NumberTouch, numberTouch } from "../../provider/runtime/touch";
import { declaredNumbers } from "../declared-numbers";
import { describe, NOT_YET_KNOWN, type VoiceResource } from "../voice-resource";

/** What the goal moves, by comparing it with the platform, and what it could not compare. */
export interface NumberMoves {
  /** One per declared number the platform shows on another bridge, naming its resource by URN. */
  touches: NumberTouch[];
  /** A line per resource with values not known until apply that may hide a move. */
  unchecked: { message: string; urn: string }[];
}

/**
 * The moves the goal makes: a number a BridgeNumber or a BridgeNumbers set declares on one bridge
 * that `bridgesNow` (number → its bridge on the platform now) shows on another. A number on no
 * bridge now is connected, not moved; one the platform does not list is not the organization's.
 * A value not known until apply cannot be compared: its resource gets a line saying so, when a
 * number it may move is on a bridge now or the number itself is unknown.
 */
export function numberMoves(
  resources: readonly VoiceResource[],
  bridgesNow: ReadonlyMap<string, string | null>,
): NumberMoves {
  const moves: NumberMoves = { touches: [], unchecked: [] };
  for (const resource of resources) {
    const { numbers, someUnknown } = declaredNumbers(resource);
    const slug = resource.props.bridgeSlug;
    const onBridges = numbers.flatMap((number) => {
      const from = bridgesNow.get(number);
      return from === undefined || from === null ? [] : [{ number, from }];
    });
    if (slug === NOT_YET_KNOWN) {
      const now = onBridges.map(({ number, from }) => `${number} is on bridge "${from}" now`);
      if (now.length > 0)
        moves.unchecked.push({
          urn: resource.urn,
          message: `${describe(resource)}: its bridgeSlug is not known until apply, so whether it moves a number is not checked (${now.join(", ")})`,
        });
    } else if (typeof slug === "string") {
      for (const { number, from } of onBridges) {
        if (from !== slug)
          moves.touches.push({ ...numberTouch(number, "move", { from, to: slug }), resource: resource.urn });
      }
    }
    if (someUnknown)
      moves.unchecked.push({
        urn: resource.urn,
        message: `${describe(resource)}: a phone number not known until apply is not checked for a move`,
      });
  }
  return moves;
}
