// A set's plan (the writes that make the recorded numbers the declared ones) and its hand-over (the
// removals another set of the same run takes as moves), without the platform.
import { describe, expect, it } from "vitest";
import { NumberReleases } from "../../../../provider/links/number-releases";
import { handOver, plan } from "../../../../provider/resources/bridge-number-set/plan";

const recorded = (phoneNumber: string, providerConfigurationId: number | null = 1) => ({
  phoneNumber,
  providerConfigurationId,
  numberId: 7,
});
const declared = (phoneNumber: string, providerConfigurationId = 1) => ({
  phoneNumber,
  providerConfigurationId,
});

describe("a set's plan", () => {
  it("connects what is new and disconnects what is gone, nothing for what stays", () => {
    const steps = plan([recorded("+1"), recorded("+2")], [declared("+2"), declared("+3")]);
    expect(steps).toEqual({ disconnects: ["+1"], connects: [declared("+3")], handed: [] });
  });

  it("takes a number linked outside the set (no known configuration) as the declared one", () => {
    expect(plan([recorded("+1", null)], [declared("+1", 5)])).toEqual({
      disconnects: [],
      connects: [],
      handed: [],
    });
  });

  it("reconnects a number declared with another configuration: disconnect first, then connect", () => {
    expect(plan([recorded("+1", 1)], [declared("+1", 2)])).toEqual({
      disconnects: ["+1"],
      connects: [declared("+1", 2)],
      handed: [],
    });
  });

  it("disconnects everything for an empty declaration, and connects everything for an empty record", () => {
    expect(plan([recorded("+1"), recorded("+2")], []).disconnects).toEqual(["+1", "+2"]);
    expect(plan([], [declared("+1"), declared("+2")]).connects).toEqual([declared("+1"), declared("+2")]);
  });
});

describe("a set's hand-over", () => {
  it("leaves a number another set of the run takes to that set's move, and disconnects the rest", async () => {
    const releases = new NumberReleases(1_000, 20);
    releases.announceTake("+2", "other");
    const steps = await handOver("mine", { disconnects: ["+1", "+2"], connects: [], handed: [] }, releases);
    expect(steps).toEqual({ disconnects: ["+1"], connects: [], handed: ["+2"] });
  });

  it("keeps a number it reconnects itself, and one its own bridge takes", async () => {
    const releases = new NumberReleases(1_000, 20);
    releases.announceTake("+1", "mine");
    releases.announceTake("+3", "other");
    const steps = await handOver(
      "mine",
      { disconnects: ["+1", "+3"], connects: [declared("+3", 2)], handed: [] },
      releases,
    );
    expect(steps.handed).toEqual([]);
    expect(steps.disconnects).toEqual(["+1", "+3"]);
  });

  it("waits until sets stop being checked before taking a removal as plain, then sees a late taker", async () => {
    const releases = new NumberReleases(1_000, 50);
    releases.checked();
    // A taker checked while the giver waits for the program to finish registering sets.
    setTimeout(() => {
      releases.checked();
      releases.announceTake("+1", "late");
    }, 20);
    const steps = await handOver("mine", { disconnects: ["+1"], connects: [], handed: [] }, releases);
    expect(steps.handed).toEqual(["+1"]);
  });
});
