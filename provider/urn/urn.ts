// The one reading of a URN, `urn:pulumi:<stack>::<project>::<qualified type>::<name>`, where the
// qualified type is the resource's own type token after its parents' (`<parent type>$<type>`).

/** What this package reads of a URN. */
export interface Urn {
  /** The resource's own type token: the last of the qualified type's `$`-separated tokens. */
  readonly token: string;
  /** The resource's name in the program; it may itself hold `::`. */
  readonly name: string;
}

const PREFIX = "urn:pulumi:";
const DELIMITER = "::";

/** The type token and name of a URN; `undefined` when the text is no URN (e.g. a bare resource name). */
export function parseUrn(urn: string): Urn | undefined {
  if (!urn.startsWith(PREFIX)) return undefined;
  const [, , qualifiedType, ...name] = urn.split(DELIMITER);
  if (qualifiedType === undefined || name.length === 0) return undefined;
  return { token: qualifiedType.split("$").pop() ?? qualifiedType, name: name.join(DELIMITER) };
}

/** A resource's name in the program, given its URN or already its name. */
export const resourceName = (urnOrName: string): string => parseUrn(urnOrName)?.name ?? urnOrName;
