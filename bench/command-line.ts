// `npm run bench`'s command line read against the suites' declarations: one parseArgs table built from
// them, then the one suite selected (by its flag or an option that selects it; none is the full run),
// and every option given checked to be one the selected suite takes.
import { parseArgs } from "node:util";
import { type BenchSuite, BenchUsageError, type BenchValues, type SuiteOption } from "./harness/suite";

type ParseOptions = Record<string, { type: "string" | "boolean"; multiple?: boolean; short?: string }>;

/** How messages name a suite: its flag, or "the full run". */
export const suiteName = (suite: BenchSuite): string => (suite.flag ? `--${suite.flag}` : "the full run");

/**
 * The parseArgs table of every suite's flag and options, plus `--help`. An option two suites share must
 * have one type; a flag must be no other suite's option; an option that selects its suite is its own.
 */
export function parseOptions(suites: readonly BenchSuite[]): ParseOptions {
  const table: ParseOptions = { help: { type: "boolean", short: "h" } };
  const add = (name: string, spec: Pick<SuiteOption, "type" | "multiple">, owner: BenchSuite): void => {
    const known = table[name];
    if (known && (known.type !== spec.type || known.multiple !== spec.multiple))
      throw new Error(`bench: --${name} is declared twice with different types (${suiteName(owner)})`);
    table[name] = { type: spec.type, ...(spec.multiple ? { multiple: true } : {}) };
  };
  const flags = new Set(suites.flatMap((s) => (s.flag ? [s.flag] : [])));
  for (const suite of suites) {
    if (suite.flag) add(suite.flag, { type: "boolean" }, suite);
    for (const [name, option] of Object.entries(suite.options)) {
      if (flags.has(name) || name === "help")
        throw new Error(`bench: --${name} is both a suite and an option of ${suiteName(suite)}`);
      const shared = suites.some((s) => s !== suite && name in s.options);
      if (option.selects && shared)
        throw new Error(`bench: --${name} selects ${suiteName(suite)} but another suite takes it too`);
      add(name, option, suite);
    }
  }
  return table;
}

/** What the command line asks for: `--help`, or one suite with the values given. */
export type BenchCommand = { help: true } | { help: false; suite: BenchSuite; values: BenchValues };

/** Reads `args` against `suites`; the suite without a flag is the one run when no suite is named. */
export function readCommandLine(args: readonly string[], suites: readonly BenchSuite[]): BenchCommand {
  const options = parseOptions(suites);
  let values: BenchValues;
  try {
    values = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new BenchUsageError(
      unknown
        ? `unknown option ${unknown[1]} (npm run bench -- --help lists the options)`
        : (message.split(". ")[0] ?? message),
    );
  }
  if (values.help === true) return { help: true };
  const selected = suites.filter(
    (s) =>
      (s.flag !== undefined && values[s.flag] === true) ||
      Object.entries(s.options).some(([name, o]) => o.selects && values[name] !== undefined),
  );
  if (selected.length > 1)
    throw new BenchUsageError(
      `${selected.map(suiteName).join(" and ")} are different suites; run one at a time`,
    );
  const suite = selected[0] ?? suites.find((s) => s.flag === undefined);
  if (!suite) throw new BenchUsageError("no suite named (npm run bench -- --help lists them)");
  for (const name of Object.keys(values)) {
    if (name === suite.flag || name in suite.options) continue;
    const owners = suites.filter((s) => name in s.options).map(suiteName);
    throw new BenchUsageError(
      `--${name} is not an option of ${suiteName(suite)}${owners.length ? ` (it is one of ${owners.join(", ")})` : ""}`,
    );
  }
  return { help: false, suite, values };
}
