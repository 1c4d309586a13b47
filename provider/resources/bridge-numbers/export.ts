import type { ExportMapping } from "../../export-mapping";
import { quoted } from "../../quoted";

/** A set as `export` names it: the kind `number-set`, read by its bridge's slug. */
export interface ExportedNumberSet {
  bridgeSlug: string;
}

/** A set exported: the kind `number-set`; derived from nothing yet, so an export declares links one by one. */
export const BRIDGE_NUMBERS_EXPORT = {
  kind: "number-set",
  aliases: ["sets"],
  counted: "number set",
  comment: "The numbers of each bridge.",
  source: { derive: () => ({ records: [], notes: [] }) },
  names: (s) => [s.bridgeSlug],
  label: (s) => `number set of ${quoted(s.bridgeSlug)}`,
  title: (s) => s.bridgeSlug,
  shownId: (id) => quoted(id),
  text: () => ({}),
  naming: { name: (s) => s.bridgeSlug, sanitize: false, stem: "numbers", suffix: "Numbers" },
  binding: "when-referenced",
  id: (s) => s.bridgeSlug,
  inputs: (s) => ({ bridgeSlug: s.bridgeSlug }),
  secrets: {},
  references: {},
} satisfies ExportMapping<"number-set", ExportedNumberSet>;
