// `--state-bytes`'s own reading of its options: the backends' comparison creates an estate, so it
// refuses to start without the size of one.
import { describe, expect, it } from "vitest";
import { BenchUsageError } from "../../../bench/harness/suite";
import { stateBytesSuite } from "../../../bench/state-bytes/suite";

describe("--state-bytes", () => {
  it("refuses --postgres without --numbers N, naming both", async () => {
    await expect(stateBytesSuite.run({ "state-bytes": true, postgres: true })).rejects.toEqual(
      new BenchUsageError("--postgres needs --numbers N"),
    );
  });
});
