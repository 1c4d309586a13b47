import type { Organization } from "./organization";

/** Whitespace around a name: the resources trim what they are given, so such a record cannot be declared as it is. */
const padded = (s: string): boolean => s !== s.trim();

/**
 * The organization without the records a program cannot declare as the platform holds them, with a
 * note for each. The platform keeps a trunk's name and a configuration's account as given, while the
 * resources trim them: declared, such a record would not be found by its natural key and `up` would
 * create another one. Renaming it on the platform first makes it exportable.
 */
export function withoutUndeclarable(org: Organization): { org: Organization; notes: string[] } {
  const notes: string[] = [];
  const configurations = org.configurations.filter((c) => {
    if (!padded(c.account_sid)) return true;
    notes.push(
      `configuration ${c.provider} ${JSON.stringify(c.account_sid)} left out: its account has surrounding whitespace, which the resource trims`,
    );
    return false;
  });
  const ids = new Set(configurations.map((c) => c.id));
  const trunks = org.trunks.filter((t) => {
    if (!padded(t.name) && !(t.auth_username && padded(t.auth_username))) return true;
    notes.push(
      `SIP trunk ${JSON.stringify(t.name)} left out: its name or user name has surrounding whitespace, which the resource trims`,
    );
    return false;
  });
  const bridges = org.bridges.filter((b) => {
    if (!padded(b.name)) return true;
    notes.push(`bridge "${b.slug}" left out: its name has surrounding whitespace, which the resource trims`);
    return false;
  });
  return {
    org: { ...org, configurations: org.configurations.filter((c) => ids.has(c.id)), bridges, trunks },
    notes,
  };
}
