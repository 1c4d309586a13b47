import { describe, expect, it } from "vitest";
import { parseAcknowledgements } from "../../../provider/connection/impact-acknowledgements";

const URN = "urn:pulumi:prod::telephony::voice:index:BridgeNumber::main-line";

describe("acknowledgements (voice:acknowledgeImpact)", () => {
  it("names resources by their name in the program, from config's JSON text or a parsed list", () => {
    const fromText = parseAcknowledgements('[{"resource":"main-line","reason":"moving to sales, CHG-42"}]');
    expect(fromText.has(URN)).toBe(true);
    expect(fromText.has("main-line")).toBe(true);
    expect(fromText.has(URN.replace("main-line", "other"))).toBe(false);
    expect(fromText.reason(URN)).toBe("moving to sales, CHG-42");
    expect(parseAcknowledgements([{ resource: URN }]).has(URN)).toBe(true);
    expect(parseAcknowledgements(undefined).size).toBe(0);
  });

  it.each([
    [[{ reason: "no resource" }], /^voice:acknowledgeImpact\[0\]\.resource: must name the resource/],
    [[{ resource: "  " }], /^voice:acknowledgeImpact\[0\]\.resource: must name the resource/],
    [{ resource: "x" }, /^voice:acknowledgeImpact: must be a list of \{resource, reason\}/],
    [[{ resource: "x", because: "y" }], /^voice:acknowledgeImpact\[0\]: /],
    ["not json", /^voice:acknowledgeImpact: must be a list .*not JSON/],
  ])("refuses %j naming the setting, the entry and the rule", (value, message) => {
    expect(() => parseAcknowledgements(value)).toThrow(message);
  });
});
