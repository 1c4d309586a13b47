import { stripPhoneSeparators } from "../sdk/core/validate";
import { knownString, NOT_YET_KNOWN, type Value, type VoiceResource } from "./voice-resource";

/** The numbers a link resource declares, as the goal state has them. */
export interface DeclaredNumbers {
  /** The known ones, separators stripped: a BridgeNumber's one, a BridgeNumbers set's each. */
  numbers: string[];
  /** Whether some number (or a set's whole list) is not known until apply. */
  someUnknown: boolean;
}

/** A set entry's number: `{phoneNumber}`. */
const entryNumber = (entry: Value): Value =>
  typeof entry === "object" && entry !== null && !Array.isArray(entry) ? entry.phoneNumber : undefined;

/** What a resource declares of phone numbers; none for a resource that is not a link. */
export function declaredNumbers(resource: VoiceResource): DeclaredNumbers {
  if (resource.type === "BridgeNumber") return known([resource.props.phoneNumber]);
  if (resource.type !== "BridgeNumbers") return known([]);
  const list = resource.props.numbers;
  if (list === NOT_YET_KNOWN) return { numbers: [], someUnknown: true };
  return known(Array.isArray(list) ? list.map(entryNumber) : []);
}

function known(values: readonly Value[]): DeclaredNumbers {
  return {
    numbers: values.flatMap((v) => {
      const raw = knownString(v);
      return raw === undefined ? [] : [stripPhoneSeparators(raw)];
    }),
    someUnknown: values.includes(NOT_YET_KNOWN),
  };
}
