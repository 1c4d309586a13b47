// How the engine names this package's types: one token per front door, each built by one function
// and read back by one. Imports nothing, so every folder of the provider (its settings included) may use it.

/** The package's name: the first part of every token it serves. */
export const PACKAGE = "voice";

/** The token of a type or function the plugin serves, `voice:index:<Name>`. */
export const nativeToken = (name: string): string => `${PACKAGE}:index:${name}`;

/**
 * The type token a program's resource class registers, `pulumi-nodejs:dynamic/voice:<Type>`: Pulumi's
 * dynamic-resource form (`pulumi-nodejs:dynamic/<module>:<type>`) with the package as the module, so
 * each type has its own token rather than the shared `pulumi-nodejs:dynamic:Resource`.
 */
export const dynamicToken = (type: string): string => `pulumi-nodejs:dynamic/${PACKAGE}:${type}`;

/** The front door a token is of: the plugin's (native) or the program's dynamic resources. */
export type FrontDoor = "native" | "dynamic";

/** What a token of this package names. */
export interface TypeOfToken {
  /** The name after the prefix, e.g. the resource type's name. */
  readonly name: string;
  readonly door: FrontDoor;
}

const PREFIXES: readonly (readonly [FrontDoor, string])[] = [
  ["native", nativeToken("")],
  ["dynamic", dynamicToken("")],
];

/** The name and front door a native or dynamic token of this package carries; `undefined` for any other token. */
export function typeOfToken(token: string): TypeOfToken | undefined {
  for (const [door, prefix] of PREFIXES)
    if (token.startsWith(prefix) && token.length > prefix.length)
      return { name: token.slice(prefix.length), door };
  return undefined;
}
