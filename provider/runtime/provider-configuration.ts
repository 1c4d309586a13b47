import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { NotFoundError, type ProviderConfiguration } from "../../sdk";
import { checkWith, failed } from "../check";
import { diffWith } from "../diff";
import { describeFailures } from "../errors";
import { isUnknown, label, secretString } from "../fields";
import { adoptionRefused, adoptMode } from "./adopt";
import { runtimeContext } from "./context";
import { findConfiguration } from "./natural-key";
import { checkOwnership, takenKeys } from "./ownership";
import { settleCreate } from "./settle";

const TYPE = "ProviderConfiguration";

/** Inputs after check: what the program declared, normalized. */
export const ProviderConfigurationInputs = z.object({
  provider: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: "must be a provider slug from the catalogue, e.g. twilio" }),
  accountSid: label,
  authToken: secretString,
  adopt: adoptMode,
});
export type ProviderConfigurationInputs = z.infer<typeof ProviderConfigurationInputs>;

/** State recorded for a configuration; `authToken` is kept from the inputs since the platform never returns it. */
export interface ProviderConfigurationOutputs {
  provider: string;
  accountSid: string;
  authToken?: string;
  configurationId: number;
  createdAt: string | null;
}

const outputs = (c: ProviderConfiguration, authToken: string | undefined): ProviderConfigurationOutputs => ({
  provider: c.provider,
  accountSid: c.account_sid,
  ...(authToken === undefined ? {} : { authToken }),
  configurationId: c.id,
  createdAt: c.created_at ?? null,
});

/** The dynamic provider of `voice:ProviderConfiguration`. */
export const providerConfiguration: dynamic.ResourceProvider = {
  async check(olds, news) {
    const result = checkWith(ProviderConfigurationInputs, news);
    const provider = result.inputs?.provider;
    if (result.failures?.length || typeof provider !== "string" || isUnknown(provider)) return result;
    const catalogue = await describeFailures(TYPE, "check", () => runtimeContext().catalogue());
    if (catalogue.includes(provider)) return checkOwnership(TYPE, olds, result);
    return failed(result.inputs, [
      {
        property: "provider",
        reason: `"${provider}" is not in the provider catalogue (${catalogue.join(", ")})`,
      },
    ]);
  },

  async diff(_id, olds, news) {
    return diffWith(
      { provider: { replaces: true }, accountSid: {}, authToken: {}, adopt: { ignored: true } },
      olds,
      news,
    );
  },

  async create(inputs: ProviderConfigurationInputs) {
    return describeFailures(TYPE, "create", async () => {
      const context = runtimeContext();
      const client = await context.ready();
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
          takenBefore: () => takenKeys(context).wasTaken(TYPE, inputs.accountSid),
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
    });
  },

  async read(id, props: Partial<ProviderConfigurationOutputs & { adopt: boolean }>) {
    return describeFailures(TYPE, "read", async () => {
      const client = await runtimeContext().ready();
      let live: ProviderConfiguration;
      try {
        live = await client.providerConfigurations.retrieve(Number(id));
      } catch (err) {
        if (err instanceof NotFoundError) return {};
        throw err;
      }
      const outs = outputs(live, props.authToken);
      const inputs = {
        provider: outs.provider,
        accountSid: outs.accountSid,
        ...(outs.authToken ? { authToken: outs.authToken } : {}),
      };
      return { id, props: outs, inputs };
    });
  },

  async update(id, olds: ProviderConfigurationOutputs, news: ProviderConfigurationInputs) {
    return describeFailures(TYPE, "update", async () => {
      const client = await runtimeContext().ready();
      const patch = {
        ...(olds.accountSid !== news.accountSid ? { account_sid: news.accountSid } : {}),
        ...(olds.authToken !== news.authToken ? { auth_token: news.authToken } : {}),
      };
      const config =
        Object.keys(patch).length > 0
          ? await client.providerConfigurations.update(Number(id), patch)
          : await client.providerConfigurations.retrieve(Number(id));
      return { outs: outputs(config, news.authToken) };
    });
  },

  async delete(id) {
    await describeFailures(TYPE, "delete", async () => {
      const client = await runtimeContext().ready();
      try {
        await client.providerConfigurations.delete(Number(id));
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
      }
    });
  },
};
