import type { Bridge, ProviderConfiguration, SipTrunk } from "../../sdk";

/** A bridge as exported: its identity, its name and the phone numbers linked to it. */
export interface ExportedBridge {
  slug: string;
  name: string;
  /** The provider slug the platform reports for the bridge's links (`null` while none). */
  provider: string | null;
  numbers: string[];
}

/** Everything of one organization's telephony that a program declares. */
export interface Organization {
  orgHandle: string;
  configurations: ProviderConfiguration[];
  bridges: ExportedBridge[];
  /** Trunks read one by one: listings mask the user name. */
  trunks: SipTrunk[];
}

/** A bridge of the list view, as exported. */
export function exportedBridge(b: Pick<Bridge, "slug" | "name" | "provider" | "numbers">): ExportedBridge {
  return {
    slug: b.slug,
    name: b.name,
    provider: b.provider ?? null,
    numbers: b.numbers.map((n) => n.number),
  };
}
