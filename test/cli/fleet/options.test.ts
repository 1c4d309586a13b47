import { describe, expect, it } from "vitest";
import { FleetInputError } from "../../../cli/fleet/input-error";
import { parseFleetArgs } from "../../../cli/fleet/options";
import { inShard, parseShard, shardOf } from "../../../cli/fleet/shard";

const refused = (argv: string[]) => {
  try {
    parseFleetArgs(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(FleetInputError);
    return (e as Error).message;
  }
  throw new Error(`accepted: ${argv.join(" ")}`);
};

describe("fleet options", () => {
  it("reads a run with its defaults", () => {
    expect(parseFleetArgs(["drift"])).toMatchObject({
      kind: "run",
      operation: "drift",
      selection: { projects: ["."], stacks: [] },
      parallel: 4,
      shard: undefined,
      logs: "fleet-logs",
      policyPacks: [],
      refresh: false,
      sharedPlugin: true,
      progressEveryMs: 15_000,
    });
    expect(parseFleetArgs(["preview", "--plugin-per-stack"])).toMatchObject({ sharedPlugin: false });
    expect(
      parseFleetArgs([
        "up",
        "--project",
        "a",
        "--project",
        "b",
        "--stack",
        "prod-*",
        "--parallel",
        "8",
        "--shard",
        "2/3",
      ]),
    ).toMatchObject({
      selection: { projects: ["a", "b"], stacks: ["prod-*"] },
      parallel: 8,
      shard: { index: 2, count: 3 },
    });
    expect(parseFleetArgs(["merge", "a.json", "b.json"])).toMatchObject({
      kind: "merge",
      reports: ["a.json", "b.json"],
    });
    expect(parseFleetArgs(["matrix", "--shards", "4", "--format", "gitlab"])).toMatchObject({
      shards: 4,
      format: "gitlab",
    });
    expect(parseFleetArgs([])).toEqual({ kind: "help" });
  });

  it("names the option and the rule for bad input", () => {
    expect(refused(["drift", "--parallel", "0"])).toBe("--parallel 0: must be from 1 to 64");
    expect(refused(["drift", "--parallel", "two"])).toBe(
      "--parallel two: must be a whole number from 1 to 64",
    );
    expect(refused(["drift", "--shard", "3/2"])).toBe("--shard 3/2: i must be between 1 and n (2)");
    expect(refused(["drift", "--shard", "0/2"])).toBe("--shard 0/2: i must be between 1 and n (2)");
    expect(refused(["drift", "--shard", "1/0"])).toBe("--shard 1/0: n must be at least 1");
    expect(refused(["drift", "--shard", "half"])).toMatch(/^--shard half: must be i\/n/);
    expect(refused(["drift", "--fleet", "f.yaml", "--stack", "x"])).toMatch(
      /^--fleet and --stack both select stacks/,
    );
    expect(refused(["drift", "--policy-pack", "p"])).toMatch(
      /^--policy-pack does not apply to `fleet drift`/,
    );
    expect(refused(["preview", "--policy-pack-config", "c.json"])).toMatch(/needs --policy-pack/);
    expect(refused(["refresh", "--refresh"])).toMatch(/^--refresh does not apply/);
    expect(refused(["merge"])).toMatch(/at least one file/);
    expect(refused(["merge", "a.json", "--shard", "1/2"])).toBe("--shard does not apply to `fleet merge`");
    expect(refused(["matrix"])).toMatch(/^--shards is required/);
    expect(refused(["matrix", "--shards", "2", "--format", "jenkins"])).toBe(
      "--format jenkins: must be github or gitlab",
    );
    expect(refused(["deploy"])).toMatch(/^unknown subcommand 'deploy'/);
    expect(refused(["drift", "--bogus"])).toMatch(/--bogus/);
    expect(refused(["drift", "extra"])).toBe("unexpected argument 'extra'");
  });
});

describe("shards", () => {
  it("deals stacks round-robin, every stack in exactly one shard, sizes within one", () => {
    const items = Array.from({ length: 10 }, (_, k) => k);
    const shards = [1, 2, 3].map((index) => inShard(items, { index, count: 3 }));
    expect(shards).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7],
      [2, 5, 8],
    ]);
    expect(shards.flat().sort((a, b) => a - b)).toEqual(items);
    expect(shardOf(4, 3)).toBe(2);
    expect(parseShard(" 2/3 ")).toEqual({ index: 2, count: 3 });
  });
});
