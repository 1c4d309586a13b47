import { describe, expect, it } from "vitest";
import { below, mulberry32, seededRandom } from "../../../../emulator/domain/calls/prng";

const draw = (random: () => number, n = 8) => Array.from({ length: n }, random);

describe("seeded generators", () => {
  it("give the same numbers in [0, 1) for the same seed, others for another", () => {
    const a = draw(mulberry32(1), 1_000);
    expect(draw(mulberry32(1), 1_000)).toEqual(a);
    expect(draw(mulberry32(2), 1_000)).not.toEqual(a);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(a).size).toBe(1_000);
  });

  it("tell apart seeds that share their low 32 bits, and negative seeds", () => {
    expect(draw(seededRandom(1))).not.toEqual(draw(seededRandom(2 ** 32 + 1)));
    expect(draw(seededRandom(-1))).not.toEqual(draw(seededRandom(2 ** 32 - 1)));
    expect(draw(seededRandom(42))).toEqual(draw(seededRandom(42)));
  });

  it("draw integers below a bound, each of them", () => {
    const random = mulberry32(3);
    const seen = new Set(Array.from({ length: 500 }, () => below(random, 7)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
