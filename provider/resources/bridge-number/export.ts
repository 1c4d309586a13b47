import type { ExportMapping } from "../../descriptor";
import { type BridgeNumberIds, bridgeNumberId } from "./id";

/** A link exported: the kind `link` (a number on a bridge), read by the id the resource itself gives it. */
export const BRIDGE_NUMBER_EXPORT: ExportMapping<"link", BridgeNumberIds> = {
  kind: "link",
  aliases: ["number", "numbers"],
  id: bridgeNumberId,
  inputs: (l) => ({ ...l }),
};
