import type { ProviderConfiguration } from "../../../sdk";
import type { ExportMapping } from "../../export-mapping";
import { quoted } from "../../quoted";
import type { ExportedBridge } from "../bridge/export";
import { bridgeNumberId } from "./id";

/** A link of the organization: a number on a bridge, with the configuration it was connected through. */
export interface Link {
  bridge: ExportedBridge;
  phoneNumber: string;
  /** The configuration it was connected through, as far as the platform tells (see {@link resolveLinks}). */
  configuration: ProviderConfiguration;
}

/** The links of an organization, each with the configuration that connected it, and notes on guesses. */
export interface ResolvedLinks {
  links: Link[];
  notes: string[];
}

/**
 * The platform does not say which configuration connected a number: a bridge names only the
 * provider of its links. The only configuration of that provider is the one; among several, the
 * oldest is taken and a note says so, since taking a link over never writes and a later change of
 * that configuration id replaces the link. A linked number whose provider has no configuration
 * cannot be declared and is left out, with a note.
 */
export function resolveLinks(org: {
  configurations: readonly ProviderConfiguration[];
  bridges: readonly ExportedBridge[];
}): ResolvedLinks {
  const notes: string[] = [];
  const links: Link[] = [];
  const byId = [...org.configurations].sort((a, b) => a.id - b.id);
  for (const bridge of org.bridges) {
    if (bridge.numbers.length === 0) continue;
    const candidates: ProviderConfiguration[] =
      bridge.provider === null ? byId : byId.filter((c) => c.provider === bridge.provider);
    const chosen = candidates[0];
    if (chosen === undefined) {
      notes.push(
        `${bridge.numbers.length} link(s) of bridge "${bridge.slug}" left out: no ${bridge.provider ?? ""} configuration to declare them with`,
      );
      continue;
    }
    if (candidates.length > 1)
      notes.push(
        `bridge "${bridge.slug}": the platform does not say which of ${candidates.length} ${bridge.provider ?? ""} configurations connected its numbers; ` +
          `declared with ${chosen.provider} ${chosen.account_sid} (id ${chosen.id}), check it`,
      );
    for (const phoneNumber of bridge.numbers) links.push({ bridge, phoneNumber, configuration: chosen });
  }
  return { links, notes };
}

/**
 * A link exported: the kind `link` (a number on a bridge), the form `--per-link` declares a bridge's
 * numbers in, derived from the bridges' numbers and
 * declared under its bridge, one resource per number named by it, referencing its bridge's slug and
 * its configuration's id; read by the id the resource itself gives it.
 */
export const BRIDGE_NUMBER_EXPORT = {
  kind: "link",
  aliases: ["number", "numbers"],
  counted: "linked number",
  comment: "Numbers linked to bridges.",
  source: {
    derive: (read) => {
      const { links, notes } = resolveLinks({
        configurations: (read.configuration ?? []) as ProviderConfiguration[],
        bridges: (read.bridge ?? []) as ExportedBridge[],
      });
      return { records: links, notes };
    },
  },
  form: "per-link",
  names: (l) => [l.phoneNumber],
  label: (l) => `link of ${quoted(l.phoneNumber)}`,
  title: (l) => l.phoneNumber,
  shownId: (id) => quoted(id),
  text: (l) => ({ "phone number": l.phoneNumber }),
  naming: { name: (l) => l.phoneNumber, sanitize: false, stem: "link", suffix: "" },
  binding: "when-referenced",
  id: (l) =>
    bridgeNumberId({
      providerConfigurationId: l.configuration.id,
      phoneNumber: l.phoneNumber,
    }),
  inputs: (l) => ({ phoneNumber: l.phoneNumber }),
  secrets: {},
  references: {
    bridgeSlug: { kind: "bridge", output: "slug", target: (l) => l.bridge.slug },
    providerConfigurationId: {
      kind: "configuration",
      output: "configurationId",
      target: (l) => String(l.configuration.id),
    },
  },
  group: {
    under: "bridgeSlug",
    by: "phoneNumber",
    // A `+` cannot start a reference: the key is the number's digits.
    key: (phoneNumber) => `n${phoneNumber.replace(/\D/g, "")}`,
    doc: "Links each number to the bridge through the configuration; a link is named by its phone number.",
  },
} satisfies ExportMapping<"link", Link>;
