import type * as pulumi from "@pulumi/pulumi";
import { type OutputProperties, VoiceResource } from "../../program/voice-resource";
import { ProviderConfigurationInputs, ProviderConfigurationOutputs } from "./schema";

/** Inputs of a {@link ProviderConfiguration}. */
export interface ProviderConfigurationArgs {
  /** Catalogue slug of the telephony provider, e.g. `twilio`. Changing it replaces the configuration. */
  provider: pulumi.Input<string>;
  /** Account identifier at the provider. Updated in place. */
  accountSid: pulumi.Input<string>;
  /** The provider account's auth token: secret and write-only on the platform. Updated in place. */
  authToken: pulumi.Input<string>;
  /** Take over the account's existing configuration: `true` leaves its auth token as it is, `"overwrite"` writes yours. */
  adopt?: pulumi.Input<boolean | "overwrite">;
}

/** The outputs of a {@link ProviderConfiguration}, declared once by its outputs schema. */
export interface ProviderConfiguration extends OutputProperties<ProviderConfigurationOutputs> {}

/** A telephony provider configuration: the credentials the platform uses to reach a provider account. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the class's output properties are the outputs schema's, declared once there.
export class ProviderConfiguration extends VoiceResource {
  /** Looks up an existing configuration by its platform id, e.g. one made in the dashboard. */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    opts?: pulumi.CustomResourceOptions,
  ): ProviderConfiguration {
    return new ProviderConfiguration(name, undefined as unknown as ProviderConfigurationArgs, {
      ...opts,
      id,
    });
  }

  constructor(name: string, args: ProviderConfigurationArgs, opts?: pulumi.CustomResourceOptions);
  constructor(
    name: string,
    args: ProviderConfigurationArgs | undefined,
    opts?: pulumi.CustomResourceOptions,
  ) {
    super(
      "ProviderConfiguration",
      { inputs: ProviderConfigurationInputs, outputs: ProviderConfigurationOutputs },
      name,
      args ?? {},
      opts,
    );
  }
}
