// What `npm run bench -- --help` prints, from the suites' own declarations: each suite's flag and
// paragraph, then its options, each with its line.
import type { BenchSuite } from "./harness/suite";

const WIDTH = 104;
const COLUMN = 19;

/** `text` in lines of at most WIDTH, the first after `head`, the others indented to `indent`. */
function wrapped(head: string, text: string, indent: number): string[] {
  const lines: string[] = [];
  let line = head.length < indent ? head.padEnd(indent) : `${head} `;
  let fresh = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!fresh && line.length + word.length > WIDTH) {
      lines.push(line.trimEnd());
      line = " ".repeat(indent);
    }
    line += `${word} `;
    fresh = false;
  }
  lines.push(line.trimEnd());
  return lines;
}

/** The `--help` text of `suites`. */
export function usage(suites: readonly BenchSuite[]): string {
  const lines = ["Usage: npm run bench -- [suite] [its options]   (or node dist/bench/main.js …)", ""];
  for (const suite of suites) {
    const head = `  ${suite.flag ? `--${suite.flag}` : "(none)"}`;
    // A flag too long for its column takes a line of its own.
    if (head.length >= COLUMN - 1) lines.push(head);
    lines.push(...wrapped(head.length < COLUMN - 1 ? head : "", suite.usage, COLUMN));
    for (const [name, option] of Object.entries(suite.options)) {
      const line = `${" ".repeat(COLUMN + 2)}--${name}${option.value ? ` ${option.value}` : ""}${option.multiple ? " (repeatable)" : ""}:`;
      lines.push(...wrapped(line, option.help, COLUMN + 4));
    }
  }
  lines.push(...wrapped("  --help, -h", "this text", COLUMN), "");
  return lines.join("\n");
}
