import type { ProviderConfiguration } from "../../sdk";
import type { Link } from "./filters";
import type { Organization } from "./organization";

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
export function resolveLinks(org: Organization): ResolvedLinks {
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
