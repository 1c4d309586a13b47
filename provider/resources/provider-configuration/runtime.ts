import type { ProviderConfiguration } from "../../../sdk";
import { runtimeContext } from "../../connection/context-cache";
import { adoptionRefused } from "../../runtime/adopt";
import { checkWith, failed } from "../../runtime/check";
import { isUnknown } from "../../runtime/fields";
import { checkOwnership, keyOwnership } from "../../runtime/ownership";
import type { ResourceCode } from "../../runtime/resource-code";
import { goneIsDone, unlessGone } from "../../runtime/serve";
import { settleCreate } from "../../runtime/settle";
import { findConfiguration, PROVIDER_CONFIGURATION_KEY } from "./key";
import { ProviderConfigurationInputs, type ProviderConfigurationOutputs } from "./schema";

const outputs = (c: ProviderConfiguration, authToken: string | undefined): ProviderConfigurationOutputs => ({
  provider: c.provider,
  accountSid: c.account_sid,
  ...(authToken === undefined ? {} : { authToken }),
  configurationId: c.id,
  createdAt: c.created_at ?? null,
});

/** The engine-side code of `ProviderConfiguration`; its id is the platform's numeric id. */
export const providerConfigurationCode: ResourceCode<
  ProviderConfigurationInputs,
  ProviderConfigurationOutputs
> = {
  async check(olds, news) {
    const result = checkWith(ProviderConfigurationInputs, news);
    const provider = result.inputs?.provider;
    if (result.failures?.length || typeof provider !== "string" || isUnknown(provider)) return result;
    const catalogue = await runtimeContext().catalogue();
    if (catalogue.includes(provider)) return checkOwnership(PROVIDER_CONFIGURATION_KEY, olds, result);
    return failed(result.inputs, [
      {
        property: "provider",
        reason: `"${provider}" is not in the provider catalogue (${catalogue.join(", ")})`,
      },
    ]);
  },

  async create(inputs, { context, client }) {
    const key = `the provider configuration of account "${inputs.accountSid}"`;
    const find = () => findConfiguration(client, inputs.accountSid);
    const differences = (c: ProviderConfiguration) =>
      c.provider === inputs.provider ? [] : [`provider (live "${c.provider}")`];
    const existing = inputs.adopt ? await find() : undefined;
    let config: ProviderConfiguration;
    if (!existing) {
      config = await settleCreate({
        key,
        create: () =>
          client.providerConfigurations.create({
            provider: inputs.provider,
            account_sid: inputs.accountSid,
            auth_token: inputs.authToken,
          }),
        lookup: find,
        differences,
        ...keyOwnership(context, client, PROVIDER_CONFIGURATION_KEY, inputs.accountSid),
        ...context.settlePolicy(),
      });
    } else if (differences(existing).length > 0) {
      throw adoptionRefused(key, differences(existing));
    } else if (inputs.adopt === "overwrite") {
      config = await client.providerConfigurations.update(existing.id, { auth_token: inputs.authToken });
    } else {
      // The auth token is write-only: it cannot be compared, so adopting leaves the platform's in place.
      config = existing;
    }
    return { id: String(config.id), outs: outputs(config, inputs.authToken) };
  },

  async read(id, props, { client }) {
    const live = await unlessGone(client.providerConfigurations.retrieve(Number(id)));
    if (!live) return {};
    const outs = outputs(live, props.authToken);
    const inputs = {
      provider: outs.provider,
      accountSid: outs.accountSid,
      ...(outs.authToken ? { authToken: outs.authToken } : {}),
    };
    return { id, props: outs, inputs };
  },

  async update(id, olds, news, { client }) {
    const patch = {
      ...(olds.accountSid !== news.accountSid ? { account_sid: news.accountSid } : {}),
      ...(olds.authToken !== news.authToken ? { auth_token: news.authToken } : {}),
    };
    const config =
      Object.keys(patch).length > 0
        ? await client.providerConfigurations.update(Number(id), patch)
        : await client.providerConfigurations.retrieve(Number(id));
    return { outs: outputs(config, news.authToken) };
  },

  async delete(id, _props, { client }) {
    await goneIsDone(client.providerConfigurations.delete(Number(id)));
  },
};
