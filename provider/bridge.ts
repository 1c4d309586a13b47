import type * as pulumi from "@pulumi/pulumi";
import { VoiceResource } from "./shim";

/** Inputs of a {@link Bridge}. */
export interface BridgeArgs {
  /** Display name. Updated in place. */
  name: pulumi.Input<string>;
  /** The bridge's key: 1-64 lowercase letters, digits or inner hyphens. Changing it replaces the bridge. */
  slug: pulumi.Input<string>;
  /** Take over an existing bridge with this slug: `true` when its name equals the declared one, `"overwrite"` to rename it. */
  adopt?: pulumi.Input<boolean | "overwrite">;
}

/** A bridge: a named grouping that connects provider numbers. Its resource id is the slug. */
export class Bridge extends VoiceResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly slug: pulumi.Output<string>;
  /** The platform's numeric id. */
  declare readonly bridgeId: pulumi.Output<number>;
  declare readonly createdAt: pulumi.Output<string | null>;

  /** Looks up an existing bridge by slug, e.g. one made in the dashboard. */
  static get(name: string, slug: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Bridge {
    return new Bridge(name, undefined as unknown as BridgeArgs, { ...opts, id: slug });
  }

  constructor(name: string, args: BridgeArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: BridgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    const outputs = { name: undefined, slug: undefined, bridgeId: undefined, createdAt: undefined };
    super("Bridge", name, { ...outputs, ...args }, opts);
  }
}
