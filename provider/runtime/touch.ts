/** A number taken off its bridge (`disconnect`, also a reconnect: off, then on again) or moved to another. */
export interface NumberTouch {
  readonly kind: "number";
  /** E.164. */
  readonly number: string;
  readonly change: "disconnect" | "move";
  readonly fromBridge?: string;
  readonly toBridge?: string;
  /** The provider configuration that connects the number, when the change says: lets a configuration's note name it. */
  readonly configurationId?: number;
  /** The resource whose change this is (its URN or name), stamped by `touchesOf`. */
  readonly resource?: string;
}

/** A bridge deleted or replaced: every number on it, as the platform lists them now. */
export interface BridgeTouch {
  readonly kind: "bridge";
  readonly slug: string;
  readonly change: "delete" | "replace";
  readonly resource?: string;
}

/** A provider configuration deleted or replaced; the platform does not say which numbers it carries. */
export interface ConfigurationTouch {
  readonly kind: "configuration";
  readonly id?: number;
  readonly accountSid?: string;
  readonly change: "delete" | "replace";
  readonly resource?: string;
}

/** A SIP trunk deleted, replaced, or changed where calls go; trunks name no bridge, so no number either. */
export interface TrunkTouch {
  readonly kind: "trunk";
  readonly name: string;
  readonly change: "delete" | "replace" | "update";
  /** The changed inputs that decide where calls go. */
  readonly fields: readonly string[];
  readonly resource?: string;
}

/** What one planned change does to the organization's calls. */
export type Touch = NumberTouch | BridgeTouch | ConfigurationTouch | TrunkTouch;

/** A number touch holding only the optional fields that are known, as exact optional properties want. */
export function numberTouch(
  number: string,
  change: NumberTouch["change"],
  about: { from?: string | undefined; to?: string | undefined; configurationId?: number | undefined } = {},
): NumberTouch {
  return {
    kind: "number",
    number,
    change,
    ...(about.from === undefined ? {} : { fromBridge: about.from }),
    ...(about.to === undefined ? {} : { toBridge: about.to }),
    ...(about.configurationId === undefined ? {} : { configurationId: about.configurationId }),
  };
}
