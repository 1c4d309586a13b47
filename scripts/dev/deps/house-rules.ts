// Which way imports may point. A file belongs to the rule with the longest matching folder; an
// import of a file no `may` prefix covers runs against the arrows (a back-edge).
import type { ImportEdge } from "./import-graph";

/** A folder and the folders its files may import. */
export interface HouseRule {
  area: string;
  may: string[];
}

const ANY_PRODUCT = [
  "sdk/",
  "provider/",
  "cli/",
  "policy/",
  "emulator/",
  "scripts/",
  "bench/",
  "examples/",
  "estate/",
];

/** The arrows: the SDK stands alone, the provider builds on it, the CLI and policy on both, the emulator on nothing. */
const HOUSE_RULES: readonly HouseRule[] = [
  { area: "sdk/", may: ["sdk/"] },
  { area: "provider/", may: ["provider/", "sdk/"] },
  // Lookups are plain functions over the SDK, shared by the plugin and the program alike.
  { area: "provider/lookups/", may: ["provider/lookups/", "sdk/"] },
  { area: "policy/", may: ["policy/", "provider/", "sdk/"] },
  // The CLI hosts the emulator's command, so it may start it.
  { area: "cli/", may: ["cli/", "provider/", "sdk/", "emulator/"] },
  // The emulator is the independent oracle: it shares no code with the SDK or the provider.
  { area: "emulator/", may: ["emulator/"] },
  { area: "emulator/http/", may: ["emulator/http/", "emulator/domain/"] },
  { area: "emulator/domain/", may: ["emulator/domain/"] },
  { area: "emulator/routes/", may: ["emulator/routes/", "emulator/http/", "emulator/domain/"] },
  { area: "emulator/admin/", may: ["emulator/admin/", "emulator/http/", "emulator/domain/"] },
  {
    area: "emulator/dashboard/",
    may: ["emulator/dashboard/", "emulator/admin/", "emulator/http/", "emulator/domain/"],
  },
  // The estate tests and benchmarks both declare or make (seeded into the emulator, or through the SDK), owned by neither side.
  { area: "estate/", may: ["estate/", "emulator/", "sdk/"] },
  { area: "scripts/", may: ANY_PRODUCT },
  { area: "bench/", may: ANY_PRODUCT },
  { area: "examples/", may: ANY_PRODUCT },
  { area: "test/", may: [...ANY_PRODUCT, "test/"] },
];

/** The rule a file falls under: the longest area that holds it. */
export function ruleFor(file: string, rules: readonly HouseRule[] = HOUSE_RULES): HouseRule | undefined {
  return rules.filter((rule) => file.startsWith(rule.area)).sort((a, b) => b.area.length - a.area.length)[0];
}

/** The imports that run against the arrows; files outside every area (e.g. configs) are free. */
export function backEdges(
  edges: readonly ImportEdge[],
  rules: readonly HouseRule[] = HOUSE_RULES,
): ImportEdge[] {
  return edges.filter((edge) => {
    const rule = ruleFor(edge.from, rules);
    return rule !== undefined && !rule.may.some((prefix) => edge.to.startsWith(prefix));
  });
}
