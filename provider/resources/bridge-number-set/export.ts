import type { ProviderConfiguration } from "../../../sdk";
import type { ExportMapping } from "../../runtime/export-mapping";
import { quoted } from "../../runtime/quoted";
import type { ExportedBridge } from "../bridge/export";
import { resolveLinks } from "../bridge-number-link/export";

/**
 * The numbers of one bridge as a set exports them: every linked number the export can declare, with
 * the one configuration {@link resolveLinks} decides for the bridge's links.
 */
export interface ExportedNumberSet {
  bridge: ExportedBridge;
  configuration: ProviderConfiguration;
  phoneNumbers: string[];
}

/** The links of each bridge gathered into its set, in the bridges' order; bridges without links have none. */
export function numberSets(org: {
  configurations: readonly ProviderConfiguration[];
  bridges: readonly ExportedBridge[];
}): { sets: ExportedNumberSet[]; notes: string[] } {
  const { links, notes } = resolveLinks(org);
  const sets = new Map<string, ExportedNumberSet>();
  for (const { bridge, configuration, phoneNumber } of links) {
    const set = sets.get(bridge.slug);
    if (set) set.phoneNumbers.push(phoneNumber);
    else sets.set(bridge.slug, { bridge, configuration, phoneNumbers: [phoneNumber] });
  }
  return { sets: [...sets.values()], notes };
}

/**
 * A set exported: the kind `number-set`, the default form of a bridge's numbers, derived from the
 * bridges' numbers; one resource per bridge with numbers, named by its slug, following its bridge
 * through the filters, referencing its bridge's slug and, in every number, its configuration's id;
 * read by its bridge's slug.
 */
export const BRIDGE_NUMBERS_EXPORT = {
  kind: "number-set",
  aliases: ["sets"],
  counted: "number set",
  comment: "The numbers of each bridge, one set per bridge.",
  source: {
    derive: (read) => {
      const { sets, notes } = numberSets({
        configurations: (read.configuration ?? []) as ProviderConfiguration[],
        bridges: (read.bridge ?? []) as ExportedBridge[],
      });
      return { records: sets, notes };
    },
  },
  form: "sets",
  follows: "bridgeSlug",
  names: (s) => [s.bridge.slug],
  label: (s) => `number set of ${quoted(s.bridge.slug)}`,
  title: (s) => s.bridge.slug,
  shownId: (id) => quoted(id),
  text: () => ({}),
  naming: { name: (s) => s.bridge.slug, sanitize: false, stem: "numbers", suffix: "Numbers" },
  binding: "when-referenced",
  id: (s) => s.bridge.slug,
  inputs: (s) => ({ numbers: s.phoneNumbers.map((phoneNumber) => ({ phoneNumber })) }),
  secrets: {},
  references: {
    bridgeSlug: { kind: "bridge", output: "slug", target: (s) => s.bridge.slug },
    providerConfigurationId: {
      kind: "configuration",
      output: "configurationId",
      target: (s) => String(s.configuration.id),
      within: "numbers",
    },
  },
} satisfies ExportMapping<"number-set", ExportedNumberSet>;
