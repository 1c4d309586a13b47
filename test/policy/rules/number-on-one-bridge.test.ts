import { describe, expect, it } from "vitest";
import { numberOnOneBridgeViolations } from "../../../policy/rules/number-on-one-bridge";
import { NOT_YET_KNOWN, type Value } from "../../../policy/voice-resource";
import { resource } from "../../fixtures/policy-resource";

const link = (name: string, phoneNumber: Value, bridgeSlug: Value) =>
  resource("BridgeNumber", { phoneNumber, bridgeSlug }, { name });

describe("numberOnOneBridgeViolations", () => {
  it("reports each later declaration of a number, naming both resources and bridges, on the later one", () => {
    const later = link("sales-line", "+1 (415) 555-0100", "sales");
    expect(
      numberOnOneBridgeViolations([
        link("main-line", "+14155550100", "support"),
        link("other", "+14155550101", "support"),
        later,
      ]),
    ).toEqual([
      {
        urn: later.urn,
        message:
          `BridgeNumber 'sales-line' declares +14155550100 on bridge "sales", which BridgeNumber 'main-line' ` +
          `already declares on bridge "support"; a number sits on one bridge at a time`,
      },
    ]);
  });

  it("reports the same resource in whatever order the engine lists them", () => {
    const a = link("a-line", "+14155550100", "support");
    const b = link("b-line", "+14155550100", "sales");
    expect(numberOnOneBridgeViolations([b, a])).toEqual(numberOnOneBridgeViolations([a, b]));
    expect(numberOnOneBridgeViolations([b, a])[0]?.urn).toBe(b.urn);
  });

  it("reports a number declared twice on one bridge, or on a bridge not known until apply", () => {
    expect(
      numberOnOneBridgeViolations([
        link("a", "+14155550100", "support"),
        link("b", "+14155550100", "support"),
      ]),
    ).toHaveLength(1);
    const [violation] = numberOnOneBridgeViolations([
      link("a", "+14155550100", NOT_YET_KNOWN),
      link("b", "+14155550100", "sales"),
    ]);
    expect(violation?.message).toContain(
      "which BridgeNumber 'a' already declares on a bridge not known until apply",
    );
  });

  it("passes distinct numbers, numbers not known yet and other resources", () => {
    expect(
      numberOnOneBridgeViolations([
        link("a", "+14155550100", "support"),
        link("b", "+14155550101", "support"),
        link("c", NOT_YET_KNOWN, "sales"),
        link("d", NOT_YET_KNOWN, "sales"),
        resource("SipTrunk", { phoneNumber: "+14155550100" }),
      ]),
    ).toEqual([]);
  });

  it("counts each number of a BridgeNumbers set: against links, other sets and the set itself", () => {
    const set = (name: string, numbers: Value[], bridgeSlug: string) =>
      resource(
        "BridgeNumbers",
        { numbers: numbers.map((phoneNumber) => ({ phoneNumber })), bridgeSlug },
        { name },
      );
    const a = set("a-set", ["+14155550100", "+14155550101", NOT_YET_KNOWN], "support");
    const b = set("b-set", ["+1 415 555 0101"], "sales");
    const c = link("c-line", "+14155550100", "sales");
    const twice = set("d-set", ["+14155550102", "+14155550102"], "other");
    const found = numberOnOneBridgeViolations([c, b, a, twice]);
    expect(found.map((v) => v.message)).toEqual([
      // URNs sort BridgeNumber before BridgeNumbers: the link is the first declaration of its number.
      `BridgeNumbers 'a-set' declares +14155550100 on bridge "support", which BridgeNumber 'c-line' already declares on bridge "sales"; a number sits on one bridge at a time`,
      `BridgeNumbers 'b-set' declares +14155550101 on bridge "sales", which BridgeNumbers 'a-set' already declares on bridge "support"; a number sits on one bridge at a time`,
      "BridgeNumbers 'd-set' declares +14155550102 twice; declare each number once",
    ]);
  });
});
