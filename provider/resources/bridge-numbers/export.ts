import type { ExportMapping } from "../../descriptor";

/**
 * A set as `export` will name it: the kind `number-set`, read by its bridge's slug. The export
 * declares links one by one today and renders no set yet.
 */
export const BRIDGE_NUMBERS_EXPORT: ExportMapping<"number-set", { bridgeSlug: string }> = {
  kind: "number-set",
  aliases: ["sets"],
  id: (s) => s.bridgeSlug,
  inputs: (s) => ({ bridgeSlug: s.bridgeSlug }),
};
