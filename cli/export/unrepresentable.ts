import type { Selection } from "./filters";
import { loneSurrogateAt } from "./lone-surrogate";
import { quoted } from "./quoted";

/** What the notes say to do about a left-out record. */
const WAY_OUT = "which no Pulumi program can hold: rename it on the platform and export again";

/** The first declared field of a record whose value no program can hold, with the reason. */
function unrepresentable(fields: Record<string, string | null | undefined>): string | undefined {
  for (const [field, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    const at = loneSurrogateAt(value);
    if (at !== undefined)
      return `its ${field} has an unpaired surrogate (U+${value.charCodeAt(at).toString(16).toUpperCase()}) at character ${at + 1}, ${WAY_OUT}`;
  }
  return undefined;
}

/**
 * Leaves out every selected record with a field no program can declare (an unpaired surrogate: UTF-8,
 * so YAML, the engine and its state, cannot encode it), and the links that need such a bridge or
 * configuration, with a note naming each record and field. The rest exports as usual.
 */
export function leaveOutUnrepresentable(s: Selection): Selection {
  const notes: string[] = [];
  const keep = <T>(records: T[], name: (r: T) => string, why: (r: T) => string | undefined): T[] =>
    records.filter((r) => {
      const reason = why(r);
      if (reason !== undefined) notes.push(`${name(r)} left out: ${reason}`);
      return reason === undefined;
    });
  const configurations = keep(
    s.configurations,
    (c) => `configuration ${c.id} (${quoted(c.provider)})`,
    (c) => unrepresentable({ provider: c.provider, "account SID": c.account_sid }),
  );
  const bridges = keep(
    s.bridges,
    (b) => `bridge ${quoted(b.slug)}`,
    (b) => unrepresentable({ slug: b.slug, name: b.name }),
  );
  const trunks = keep(
    s.trunks,
    (t) => `trunk ${t.id} (${quoted(t.name)})`,
    (t) =>
      unrepresentable({
        name: t.name,
        "SIP URL": t.sip_url,
        "auth user name": t.auth_username,
        "allowed IPs": t.allowed_ips,
        transport: t.transport,
        port: String(t.port),
      }),
  );
  const bridgeSlugs = new Set(bridges.map((b) => b.slug));
  const configurationIds = new Set(configurations.map((c) => c.id));
  const links = keep(
    s.links,
    (l) => `link of ${quoted(l.phoneNumber)}`,
    (l) =>
      !bridgeSlugs.has(l.bridge.slug)
        ? `its bridge ${quoted(l.bridge.slug)} is left out`
        : !configurationIds.has(l.configuration.id)
          ? `its configuration ${l.configuration.id} is left out`
          : unrepresentable({ "phone number": l.phoneNumber }),
  );
  return { configurations, bridges, links, trunks, notes: [...s.notes, ...notes] };
}
