import { loneSurrogateAt } from "./lone-surrogate";

/**
 * Who reads a scalar. A Pulumi YAML program's values (resource names, properties, options, the
 * project's name and description) go through Pulumi YAML's interpolation, which reads `${` as the
 * start of a reference and `$$` as one `$`; stack config values and plugin paths are read as written.
 */
export type YamlReader = "program" | "literal";

/** The escapes YAML names; every other character that must not stand raw is written `\xXX` or `\uXXXX`. */
const NAMED: Readonly<Record<string, string>> = {
  "\0": "\\0",
  "\x07": "\\a",
  "\b": "\\b",
  "\t": "\\t",
  "\n": "\\n",
  "\v": "\\v",
  "\f": "\\f",
  "\r": "\\r",
  "\x1b": "\\e",
  '"': '\\"',
  "\\": "\\\\",
  "\u0085": "\\N",
  "\u2028": "\\L",
  "\u2029": "\\P",
};

/**
 * Characters that stand unescaped: printable ASCII, and the rest of Unicode the Go YAML reader
 * (gopkg.in/yaml.v3, used by the Pulumi CLI and the YAML host) accepts and keeps as it is. It refuses
 * other controls, DEL, surrogates, U+FFFE and U+FFFF, and folds the line breaks NEL, U+2028 and
 * U+2029 like newlines; U+FEFF is a byte-order mark to it at the start of a line.
 */
const raw = (cp: number): boolean =>
  (cp >= 0x20 && cp <= 0x7e) ||
  (cp >= 0xa0 && cp <= 0xd7ff && cp !== 0x2028 && cp !== 0x2029) ||
  (cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff) ||
  cp >= 0x10000;

const hex = (cp: number, digits: number): string => cp.toString(16).toUpperCase().padStart(digits, "0");

/**
 * A double-quoted YAML scalar that reads back as exactly `text`, by YAML's character rules and, for
 * the `program` reader, Pulumi YAML's interpolation (every `$` doubled, so neither `$$` nor `${` is
 * read as written). Throws on an unpaired surrogate, which no YAML file can hold.
 */
export function yamlString(text: string, reader: YamlReader = "program"): string {
  const at = loneSurrogateAt(text);
  if (at !== undefined)
    throw new Error(
      `character ${at + 1} is an unpaired surrogate (U+${hex(text.charCodeAt(at), 4)}), which YAML cannot hold`,
    );
  const value = reader === "program" ? text.replaceAll("$", () => "$$") : text;
  let out = '"';
  for (const c of value) {
    const cp = c.codePointAt(0) ?? 0;
    out += NAMED[c] ?? (raw(cp) ? c : cp <= 0xff ? `\\x${hex(cp, 2)}` : `\\u${hex(cp, 4)}`);
  }
  return `${out}"`;
}
