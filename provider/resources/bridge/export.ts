import type { Bridge } from "../../../sdk";
import type { ExportMapping } from "../../runtime/export-mapping";
import { quoted } from "../../runtime/quoted";

/** A bridge as exported: its identity, its name and the phone numbers linked to it. */
export interface ExportedBridge {
  slug: string;
  name: string;
  /** The provider slug the platform reports for the bridge's links (`null` while none). */
  provider: string | null;
  numbers: string[];
}

/** A bridge of the list view, as exported. */
function exportedBridge(b: Pick<Bridge, "slug" | "name" | "provider" | "numbers">): ExportedBridge {
  return {
    slug: b.slug,
    name: b.name,
    provider: b.provider ?? null,
    numbers: b.numbers.map((n) => n.number),
  };
}

/** A bridge exported: the kind `bridge`, read from the list (it names the linked numbers), named and read by its slug. */
export const BRIDGE_EXPORT = {
  kind: "bridge",
  aliases: [],
  counted: "bridge",
  comment: "Bridges, each with the numbers linked to it.",
  source: {
    read: async (client, progress) => {
      const bridges: ExportedBridge[] = [];
      for await (const b of client.bridges.list()) bridges.push(exportedBridge(b));
      return progress.read("bridges", bridges);
    },
  },
  names: (b) => [b.slug, b.name],
  label: (b) => `bridge ${quoted(b.slug)}`,
  title: (b) => b.slug,
  shownId: (id) => quoted(id),
  text: (b) => ({ slug: b.slug, name: b.name }),
  naming: { name: (b) => b.slug, sanitize: false, stem: "bridge", suffix: "" },
  binding: "when-referenced",
  id: (b) => b.slug,
  inputs: (b) => ({ name: b.name, slug: b.slug }),
  secrets: {},
  references: {},
} satisfies ExportMapping<"bridge", ExportedBridge>;
