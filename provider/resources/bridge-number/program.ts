import type * as pulumi from "@pulumi/pulumi";
import { programFailure } from "../../program/program-context";
import { type OutputProperties, VoiceResource } from "../../program/voice-resource";
import { notAString, PHONE_EXAMPLE } from "../../runtime/fields";
import { claimBridge, claimNumber } from "./number-claims";
import { BridgeNumberOutputs } from "./schema";

/** Inputs of a {@link BridgeNumber}. A change of bridge moves the number in place; the others replace the link. */
export interface BridgeNumberArgs {
  /** Slug of the bridge to connect the number to (e.g. `bridge.slug`). */
  bridgeSlug: pulumi.Input<string>;
  /** The provider configuration whose account holds the number (`configuration.configurationId` or `.id`). */
  providerConfigurationId: pulumi.Input<number | string>;
  /** The phone number in E.164 form; separators such as spaces, dashes and parentheses are ignored. */
  phoneNumber: pulumi.Input<string>;
  /** Take over the link if the number already sits on this bridge instead of failing. */
  adopt?: pulumi.Input<boolean | "overwrite">;
}

/** The outputs of a {@link BridgeNumber}, declared once by its outputs schema. */
export interface BridgeNumber extends OutputProperties<BridgeNumberOutputs> {}

/**
 * A provider phone number connected to a bridge. Deleting it disconnects the number; the number
 * itself stays with the organization. Its resource id is `<providerConfigurationId>/<phoneNumber>`, which a move keeps.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class's output properties are the outputs schema's, declared once there.
export class BridgeNumber extends VoiceResource {
  /** Looks up an existing link, on whichever bridge it is, by id `<providerConfigurationId>/<phoneNumber>` (or the earlier `<bridgeSlug>/…` form). */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): BridgeNumber {
    return new BridgeNumber(name, undefined as unknown as BridgeNumberArgs, { ...opts, id });
  }

  constructor(name: string, args: BridgeNumberArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: BridgeNumberArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    // Refused here rather than by check, whose failure the engine prints with the number rounded; a name
    // that is the same number is the base class's to refuse.
    const raw: unknown = args?.phoneNumber;
    if (typeof name === "string" && (typeof raw === "number" || typeof raw === "boolean"))
      throw programFailure(`voice:BridgeNumber "${name}": phoneNumber ${notAString(raw, PHONE_EXAMPLE)}`);
    super("BridgeNumber", BridgeNumberOutputs, name, args, opts);
    // One number in two BridgeNumbers fails at preview; a lookup (`get`) declares nothing.
    if (args !== undefined && opts?.id === undefined) {
      claimNumber(this, name, args.phoneNumber);
      claimBridge(this, "BridgeNumber", name, args.bridgeSlug);
    }
  }
}
