import type * as pulumi from "@pulumi/pulumi";
import { type OutputProperties, VoiceResource } from "../../program/voice-resource";
import { BridgeInputs, BridgeOutputs } from "./schema";

/** Inputs of a {@link Bridge}. */
export interface BridgeArgs {
  /** Display name. Updated in place. */
  name: pulumi.Input<string>;
  /** The bridge's key: 1-64 lowercase letters, digits or inner hyphens. Changing it replaces the bridge. */
  slug: pulumi.Input<string>;
  /** Take over an existing bridge with this slug: `true` when its name equals the declared one, `"overwrite"` to rename it. */
  adopt?: pulumi.Input<boolean | "overwrite">;
}

/** The outputs of a {@link Bridge}, declared once by its outputs schema. */
export interface Bridge extends OutputProperties<BridgeOutputs> {}

/** A bridge: a named grouping that connects provider numbers. Its resource id is the slug. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class's output properties are the outputs schema's, declared once there.
export class Bridge extends VoiceResource {
  /** Looks up an existing bridge by slug, e.g. one made in the dashboard. */
  static get(name: string, slug: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Bridge {
    return new Bridge(name, undefined as unknown as BridgeArgs, { ...opts, id: slug });
  }

  constructor(name: string, args: BridgeArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: BridgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super("Bridge", { inputs: BridgeInputs, outputs: BridgeOutputs }, name, args, opts);
  }
}
