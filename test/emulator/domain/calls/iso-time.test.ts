import { describe, expect, it } from "vitest";
import { IsoTimeFormatter } from "../../../../emulator/domain/calls/iso-time";
import { mulberry32 } from "../../../../emulator/domain/calls/prng";

describe("IsoTimeFormatter", () => {
  it("formats as Date.prototype.toISOString does, across days, years and leap days", () => {
    const iso = new IsoTimeFormatter();
    const random = mulberry32(7);
    const edges = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.parse("2024-02-29T23:59:59.999Z"),
      -1,
      -86_400_001,
    ];
    const samples = [...edges, ...Array.from({ length: 5_000 }, () => Math.floor(random() * 4e12) - 5e11)];
    for (const ms of samples) expect(iso.format(ms)).toBe(new Date(ms).toISOString());
  });
});
