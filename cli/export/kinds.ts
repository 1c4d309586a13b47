/** The four kinds of record an export declares, as `--include` / `--exclude` name them. */
export const KINDS = ["configuration", "bridge", "link", "trunk"] as const;
export type Kind = (typeof KINDS)[number];

/** Other spellings a filter accepts for each kind (the resource types' names among them). */
const ALIASES: Record<string, Kind> = {
  configuration: "configuration",
  configurations: "configuration",
  config: "configuration",
  "provider-configuration": "configuration",
  providerconfiguration: "configuration",
  bridge: "bridge",
  bridges: "bridge",
  link: "link",
  links: "link",
  number: "link",
  numbers: "link",
  "bridge-number": "link",
  bridgenumber: "link",
  trunk: "trunk",
  trunks: "trunk",
  "sip-trunk": "trunk",
  siptrunk: "trunk",
};

/** The kind a filter's type word names, or `undefined`. */
export function kindOf(word: string): Kind | undefined {
  return Object.hasOwn(ALIASES, word.toLowerCase()) ? ALIASES[word.toLowerCase()] : undefined;
}
