// `npm run bench`'s command line, read against the suites' declarations: each flag selects its suite,
// an option alone selects only where declared so, an unknown option or one of another suite fails
// with a message naming it, and every command line the documentation gives still reads.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseOptions, readCommandLine } from "../../bench/command-line";
import { type BenchSuite, BenchUsageError } from "../../bench/harness/suite";
import { BENCH_SUITES } from "../../bench/suites";
import { repoRoot } from "../fixtures/engine";
import { docFiles, readDoc } from "../fixtures/markdown";

const read = (line: string) => readCommandLine(line.split(" ").filter(Boolean), BENCH_SUITES);
const suiteOf = (line: string): string | undefined => {
  const command = read(line);
  if (command.help) throw new Error(`${line} asks for --help`);
  return command.suite.flag;
};
const failure = (line: string): string => {
  try {
    read(line);
  } catch (e) {
    if (e instanceof BenchUsageError) return e.message;
    throw e;
  }
  throw new Error(`${line} was read`);
};
const stub = (flag: string, options: BenchSuite["options"]): BenchSuite => ({
  flag,
  usage: "",
  options,
  run: async () => {},
});

describe("bench command line", () => {
  it("selects each suite by its flag, and the full run with none", () => {
    for (const suite of BENCH_SUITES) expect(suiteOf(suite.flag ? `--${suite.flag}` : "")).toBe(suite.flag);
    expect(suiteOf("--quick")).toBeUndefined();
    expect(read("--help")).toEqual({ help: true });
    expect(read("-h --fleet")).toEqual({ help: true });
  });

  it("lets an option select its suite only where declared so", () => {
    expect(suiteOf("--scale-max 300")).toBe("scale");
    expect(suiteOf("--scale-sets-dynamic --node-options=--max-semi-space-size=4")).toBe("scale-sets");
    expect(suiteOf("--move-gap-sets 10000 --move-gap-parallel 32")).toBe("move-gap");
    expect(failure("--fleet-program go")).toBe(
      "--fleet-program is not an option of the full run (it is one of --fleet)",
    );
  });

  it("hands the suite its options' values", () => {
    const command = read("--fleet --fleet-program native --shared-plugin --fleet-parallel 2");
    expect(command).toMatchObject({
      help: false,
      values: { fleet: true, "fleet-program": "native", "shared-plugin": true, "fleet-parallel": "2" },
    });
    expect(read("--state-bytes --numbers 100 --postgres")).toMatchObject({
      values: { "state-bytes": true, numbers: "100", postgres: true },
    });
    const memory = read("--program-memory --numbers 1000 --variant a:X=1 --variant b:Y=2");
    expect(memory).toMatchObject({ values: { numbers: "1000", variant: ["a:X=1", "b:Y=2"] } });
  });

  it("fails on an unknown option, naming it", () => {
    expect(failure("--fleet --fleet-programme go")).toBe(
      "unknown option --fleet-programme (npm run bench -- --help lists the options)",
    );
    expect(failure("-x")).toContain("unknown option -x");
    expect(failure("--fleet extra")).toContain("'extra'");
  });

  it("fails on two suites, or an option the suite does not take, naming them", () => {
    expect(failure("--fleet --scale-max 3")).toBe(
      "--scale and --fleet are different suites; run one at a time",
    );
    expect(failure("--scale --quick")).toMatch(
      /^--quick is not an option of --scale \(it is one of the full run, /,
    );
    expect(failure("--fleet --numbers 3")).toContain("--numbers is not an option of --fleet");
  });

  it("refuses declarations that would make the table ambiguous", () => {
    const a = stub("a", { n: { type: "string", help: "" } });
    expect(() => parseOptions([a, stub("b", { n: { type: "boolean", help: "" } })])).toThrow(
      /--n is declared twice/,
    );
    expect(() => parseOptions([a, stub("b", { a: { type: "boolean", help: "" } })])).toThrow(
      /--a is both a suite/,
    );
    const selecting = stub("b", { n: { type: "string", help: "", selects: true } });
    expect(() => parseOptions([a, selecting])).toThrow(/--n selects --b but another suite takes it too/);
    expect(() => parseOptions(BENCH_SUITES)).not.toThrow();
  });

  it("reads every command line the documentation gives", () => {
    const readmes = readdirSync(path.join(repoRoot, "bench"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith("README.md"))
      .map((f) => path.join("bench", f));
    const lines = [...new Set([...docFiles(), ...readmes])].flatMap((file) =>
      [...readDoc(file).matchAll(/npm run bench -- ([^`#|)\n]*)/g)].map((m) => m[1] ?? ""),
    );
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(() => read(line.replace(/\\$/, "")), line).not.toThrow();
  });
});
