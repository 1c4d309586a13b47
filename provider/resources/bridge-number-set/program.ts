import * as pulumi from "@pulumi/pulumi";
import { stripPhoneSeparators } from "../../../sdk";
import { claimBridge, recordNumber } from "../../links";
import { type OutputProperties, VoiceResource } from "../../program/voice-resource";
import { BridgeNumbersInputs, BridgeNumbersOutputs } from "./schema";

/** One number of a {@link BridgeNumbers} set. */
export interface BridgeNumbersNumberArgs {
  /** The phone number in E.164 form; separators such as spaces, dashes and parentheses are ignored. */
  phoneNumber: pulumi.Input<string>;
  /** The provider configuration whose account holds the number (`configuration.configurationId` or `.id`). */
  providerConfigurationId: pulumi.Input<number | string>;
}

/** Inputs of a {@link BridgeNumbers} set. A change of bridge replaces the set; a change of numbers updates it. */
export interface BridgeNumbersArgs {
  /** Slug of the bridge whose numbers the set declares (e.g. `bridge.slug`); the resource id. */
  bridgeSlug: pulumi.Input<string>;
  /** Every number of the bridge: numbers on the bridge but not here are disconnected. */
  numbers: pulumi.Input<pulumi.Input<BridgeNumbersNumberArgs>[]>;
  /** Take over numbers already on this bridge instead of failing (`"overwrite"` also disconnects the undeclared ones). */
  adopt?: pulumi.Input<boolean | "overwrite">;
}

/** The phone numbers of a set's entries: plain when the entries are, so that they can be read without waiting on the rest. */
function phoneNumbersOf(numbers: BridgeNumbersArgs["numbers"]): pulumi.Input<unknown[]> {
  if (!Array.isArray(numbers)) return pulumi.output(numbers).apply((list) => list.map((n) => n?.phoneNumber));
  return numbers.map((n) =>
    pulumi.Output.isInstance(n) || n instanceof Promise
      ? pulumi.output(n).apply((entry) => entry?.phoneNumber)
      : n?.phoneNumber,
  );
}

/** The outputs of a {@link BridgeNumbers} set, declared once by its outputs schema. */
export interface BridgeNumbers extends OutputProperties<BridgeNumbersOutputs> {}

/**
 * The authoritative set of a bridge's numbers, as one resource (beside the per-link `BridgeNumber`,
 * as Google's `IAMBinding` beside `IAMMember`): an update connects and disconnects exactly the
 * difference, deleting it disconnects every number, and numbers themselves stay with the organization.
 * Its resource id is the bridge's slug.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class's output properties are the outputs schema's, declared once there.
export class BridgeNumbers extends VoiceResource {
  /** Looks up an existing set by its bridge's slug. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): BridgeNumbers {
    return new BridgeNumbers(name, undefined as unknown as BridgeNumbersArgs, { ...opts, id });
  }

  constructor(name: string, args: BridgeNumbersArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: BridgeNumbersArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super("BridgeNumbers", { inputs: BridgeNumbersInputs, outputs: BridgeNumbersOutputs }, name, args, opts);
    if (args === undefined || opts?.id !== undefined) return;
    // A number declared twice in the program, or a bridge declared by a set and by links, fails at preview.
    const claimant = { type: "BridgeNumbers", name, shares: false };
    claimBridge(this, claimant, args.bridgeSlug);
    // Only the phone numbers are waited for: unwrapping whole entries would wait on every entry's
    // configuration id, thousands of pending outputs in a program that declares thousands of numbers.
    pulumi.output(phoneNumbersOf(args.numbers)).apply((numbers) => {
      for (const raw of Array.isArray(numbers) ? numbers : []) {
        if (typeof raw === "string") recordNumber(this, claimant, stripPhoneSeparators(raw));
      }
    });
  }
}
