import { describe, expect, it } from "vitest";
import { NumberReleases } from "../../../provider/links/number-releases";

const A = "+14155550100";
const B = "+14155550101";

describe("NumberReleases", () => {
  it("answers the announced taker of a number, and none for a number nobody takes", () => {
    const releases = new NumberReleases(50);
    releases.announceTake(A, "set-a");
    expect(releases.taker(A)).toBe("set-a");
    expect(releases.taker(B)).toBeUndefined();
  });

  it("wakes a waiting giver when the taker's move took the number off the giver's bridge", async () => {
    const releases = new NumberReleases(60_000);
    releases.announce(A, "set-b");
    releases.announceTake(A, "set-a");
    const waiting = releases.handedOver([A]);
    releases.moved(A, "set-b");
    expect(await waiting).toEqual(new Set([A]));
  });

  it("remembers a move made before the giver asks", async () => {
    const releases = new NumberReleases(60_000);
    releases.announce(A, "set-b");
    releases.announceTake(A, "set-a");
    releases.moved(A, "set-b");
    expect(await releases.handedOver([A])).toEqual(new Set([A]));
  });

  it("ignores a move off a bridge that did not give the number up", async () => {
    const releases = new NumberReleases(30);
    releases.announce(A, "set-b");
    releases.announceTake(A, "set-a");
    releases.moved(A, "set-c");
    expect(await releases.handedOver([A])).toEqual(new Set());
  });

  it("lets the giver go at once when the taker abandons the number, and only that taker can", async () => {
    const releases = new NumberReleases(60_000);
    releases.announce(A, "set-b");
    releases.announceTake(A, "set-a");
    releases.announce(B, "set-b");
    releases.announceTake(B, "set-a");
    const waiting = releases.handedOver([A, B]);
    releases.abandon(A, "set-c");
    releases.abandon(A, "set-a");
    releases.moved(B, "set-b");
    expect(await waiting).toEqual(new Set([B]));
  });

  it("bounds the wait: numbers the taker never moved are answered as not moved", async () => {
    const releases = new NumberReleases(30);
    releases.announce(A, "set-b");
    releases.announceTake(A, "set-a");
    releases.announce(B, "set-b");
    releases.announceTake(B, "set-a");
    const waiting = releases.handedOver([A, B]);
    releases.moved(B, "set-b");
    expect(await waiting).toEqual(new Set([B]));
  });

  it("answers the giver announced at check, and none when no set gives the number up within the bound", async () => {
    const releases = new NumberReleases(30);
    const later = releases.giver(A);
    releases.announce(A, "set-b");
    expect(await later).toBe("set-b");
    expect(await releases.giver(B)).toBeUndefined();
  });

  it("settles the run's takers only once sets stop being checked", async () => {
    const releases = new NumberReleases(60_000, 200);
    releases.checked();
    const steps: string[] = [];
    const settled = releases.checksSettled().then(() => steps.push("settled"));
    // Sets keep being checked for a while: the giver waits until they stop.
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
      releases.checked();
      steps.push(`check ${i}`);
    }
    await settled;
    expect(steps).toEqual(["check 0", "check 1", "check 2", "settled"]);
  });

  it("waits for nothing when no set was checked lately", async () => {
    const releases = new NumberReleases(60_000, 60_000);
    const first = await Promise.race([
      releases.checksSettled().then(() => "settled"),
      new Promise((r) => setTimeout(() => r("timer"), 0)),
    ]);
    expect(first).toBe("settled");
  });
});
