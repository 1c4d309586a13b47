import type { ExportMapping } from "../../descriptor";

/** A bridge exported: the kind `bridge`, read by its slug. */
export const BRIDGE_EXPORT: ExportMapping<"bridge", { slug: string; name: string }> = {
  kind: "bridge",
  aliases: [],
  id: (b) => b.slug,
  inputs: (b) => ({ name: b.name, slug: b.slug }),
};
