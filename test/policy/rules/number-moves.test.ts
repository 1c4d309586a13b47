import { describe, expect, it } from "vitest";
import { numberMoves } from "../../../policy/rules/number-moves";
import { NOT_YET_KNOWN, type Value } from "../../../policy/voice-resource";
import { resource } from "../../fixtures/policy-resource";

const BRIDGES = new Map<string, string | null>([
  ["+14155550100", "support"],
  ["+14155550101", "support"],
  ["+14155550102", null],
]);

const link = (name: string, phoneNumber: Value, bridgeSlug: Value) =>
  resource("BridgeNumber", { phoneNumber, bridgeSlug }, { name });

describe("numberMoves", () => {
  it("a declared number the platform shows on another bridge moves; on the same bridge, on none or unknown to it, not", () => {
    const moved = link("main-line", "+1 (415) 555-0100", "sales");
    const moves = numberMoves(
      [
        moved,
        link("stays", "+14155550101", "support"),
        link("connects", "+14155550102", "sales"),
        link("elsewhere", "+12125550100", "sales"),
      ],
      BRIDGES,
    );
    expect(moves).toEqual({
      touches: [
        {
          kind: "number",
          number: "+14155550100",
          change: "move",
          fromBridge: "support",
          toBridge: "sales",
          resource: moved.urn,
        },
      ],
      unchecked: [],
    });
  });

  it("each number of a BridgeNumbers set, named by the set", () => {
    const set = resource(
      "BridgeNumbers",
      {
        bridgeSlug: "sales",
        numbers: [
          { phoneNumber: "+14155550100" },
          { phoneNumber: "+14155550101" },
          { phoneNumber: "+14155550102" },
        ],
      },
      { name: "sales-numbers" },
    );
    const { touches } = numberMoves([set], BRIDGES);
    expect(touches.map((t) => [t.number, t.fromBridge, t.toBridge, t.resource])).toEqual([
      ["+14155550100", "support", "sales", set.urn],
      ["+14155550101", "support", "sales", set.urn],
    ]);
  });

  it("values not known until apply are skipped, saying so where they may hide a move", () => {
    const unknownSlug = link("main-line", "+14155550100", NOT_YET_KNOWN);
    const unknownNumber = link("computed", NOT_YET_KNOWN, "sales");
    const unknownSet = resource(
      "BridgeNumbers",
      { bridgeSlug: "sales", numbers: NOT_YET_KNOWN },
      { name: "set" },
    );
    const moves = numberMoves(
      [unknownSlug, unknownNumber, unknownSet, link("new-line", "+14155550102", NOT_YET_KNOWN)],
      BRIDGES,
    );
    expect(moves.touches).toEqual([]);
    expect(moves.unchecked).toEqual([
      {
        urn: unknownSlug.urn,
        message:
          "BridgeNumber 'main-line': its bridgeSlug is not known until apply, so whether it moves a number " +
          'is not checked (+14155550100 is on bridge "support" now)',
      },
      {
        urn: unknownNumber.urn,
        message: "BridgeNumber 'computed': a phone number not known until apply is not checked for a move",
      },
      {
        urn: unknownSet.urn,
        message: "BridgeNumbers 'set': a phone number not known until apply is not checked for a move",
      },
    ]);
  });
});
