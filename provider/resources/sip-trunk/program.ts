import type * as pulumi from "@pulumi/pulumi";
import { type OutputProperties, VoiceResource } from "../../program/voice-resource";
import { SipTrunkInputs, SipTrunkOutputs } from "./schema";

/** Inputs of a {@link SipTrunk}. Every one is updated in place. */
export interface SipTrunkArgs {
  /** Trunk name, unique in the organization (the key `adopt` looks it up by). */
  name: pulumi.Input<string>;
  /** The SIP host, IP address or `sip:`/`sips:` URI. */
  sipUrl: pulumi.Input<string>;
  /** `tcp` (default), `udp` or `tls`. */
  transport?: pulumi.Input<string>;
  /** Port, default `"5060"`. */
  port?: pulumi.Input<string | number>;
  authUsername?: pulumi.Input<string>;
  /** SIP auth password: secret, and masked by the platform, so drift in it cannot be seen. */
  authPassword?: pulumi.Input<string>;
  /** IP addresses or CIDR ranges allowed to use the trunk; a set (order and duplicates do not matter). */
  allowedIps?: pulumi.Input<pulumi.Input<string>[]>;
  /** Take over the trunk with this name: `true` when its live fields equal the declared ones (the password is left), `"overwrite"` to write them. */
  adopt?: pulumi.Input<boolean | "overwrite">;
}

/** The outputs of a {@link SipTrunk}, declared once by its outputs schema. */
export interface SipTrunk extends OutputProperties<SipTrunkOutputs> {}

/** A SIP trunk of the organization. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class's output properties are the outputs schema's, declared once there.
export class SipTrunk extends VoiceResource {
  /** Looks up an existing trunk by its platform id. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): SipTrunk {
    return new SipTrunk(name, undefined as unknown as SipTrunkArgs, { ...opts, id });
  }

  constructor(name: string, args: SipTrunkArgs, opts?: pulumi.CustomResourceOptions);
  constructor(name: string, args: SipTrunkArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super("SipTrunk", { inputs: SipTrunkInputs, outputs: SipTrunkOutputs }, name, args, opts);
  }
}
