import * as pulumi from "@pulumi/pulumi";
import { VoiceResource } from "./shim";

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

/** A telephony provider configuration: the credentials the platform uses to reach a provider account. */
export class ProviderConfiguration extends VoiceResource {
  declare readonly provider: pulumi.Output<string>;
  declare readonly accountSid: pulumi.Output<string>;
  declare readonly authToken: pulumi.Output<string>;
  /** The platform's id (the resource id as a number). */
  declare readonly configurationId: pulumi.Output<number>;
  declare readonly createdAt: pulumi.Output<string | null>;

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
    const outputs = {
      provider: undefined,
      accountSid: undefined,
      authToken: undefined,
      configurationId: undefined,
      createdAt: undefined,
    };
    const inputs = args ? { ...args, authToken: pulumi.secret(args.authToken) } : {};
    super(
      "ProviderConfiguration",
      name,
      { ...outputs, ...inputs },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["authToken"] }),
    );
  }
}
