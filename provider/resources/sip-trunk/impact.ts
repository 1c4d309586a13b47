import { changes, fieldOf, type ResourceChange } from "../../runtime/planned-change";
import type { Touch } from "../../runtime/touch";
import { SipTrunkInputs } from "./schema";

/** The inputs that decide where the trunk's calls go; a name, credential or allowed-IP change moves no call. */
const CALL_ROUTE = ["sipUrl", "transport", "port"] as const;

/** A trunk deleted, replaced, or changed where its calls go. */
export function sipTrunkTouches(change: ResourceChange): Touch[] {
  if (change.op === "create") return [];
  const name = fieldOf(SipTrunkInputs.shape.name, change.olds, "name");
  if (name === undefined) return [];
  const fields = CALL_ROUTE.filter((key) => changes(SipTrunkInputs.shape[key], change, key));
  if (change.op === "update" && fields.length === 0) return [];
  return [{ kind: "trunk", name, change: change.op, fields }];
}
