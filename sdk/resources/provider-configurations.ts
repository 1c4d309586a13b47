import { z } from "zod";
import type { PageParams, PagePromise } from "../core/pagination";
import { APIResource } from "../core/resource";
import type { RequestOptions } from "../core/transport";
import { check, Id, NonEmpty, Secret255, Text255 } from "../core/validate";

/** A provider account connected to the organization. `auth_token` is write-only: never returned. */
export const ProviderConfiguration = z.looseObject({
  id: z.number().int(),
  provider: z.string(),
  account_sid: z.string(),
  created_at: z.string().nullish(),
});
export type ProviderConfiguration = z.infer<typeof ProviderConfiguration>;

/** Body of create: `provider` is a catalogue slug. */
export const ProviderConfigurationCreateParams = z.object(
  { provider: NonEmpty, account_sid: Text255, auth_token: Secret255 },
  { error: "must be an object" },
);
export type ProviderConfigurationCreateParams = z.input<typeof ProviderConfigurationCreateParams>;

/** Body of update; the provider is identity and cannot change. */
export const ProviderConfigurationUpdateParams = z.object(
  { account_sid: Text255.optional(), auth_token: Secret255.optional() },
  { error: "must be an object" },
);
export type ProviderConfigurationUpdateParams = z.input<typeof ProviderConfigurationUpdateParams>;

const ROUTE = "/telephony/providers-configurations/{id}/";

/** `/telephony/providers-configurations/`. */
export class ProviderConfigurations extends APIResource {
  /** Configurations of the organization. */
  list(params?: PageParams, options?: RequestOptions): PagePromise<ProviderConfiguration> {
    return this._list("/telephony/providers-configurations/", ProviderConfiguration, params, options);
  }

  /** Connects a provider account; BadRequestError `already_exists` for a second (provider, account_sid). */
  create(
    params: ProviderConfigurationCreateParams,
    options?: RequestOptions,
  ): Promise<ProviderConfiguration> {
    return this._t.request({
      method: "POST",
      path: "/telephony/providers-configurations/",
      args: () => ({ body: check(ProviderConfigurationCreateParams, params, "") }),
      schema: ProviderConfiguration,
      options,
    });
  }

  /** One configuration; NotFoundError if unknown. */
  retrieve(id: number, options?: RequestOptions): Promise<ProviderConfiguration> {
    return this._t.request({
      method: "GET",
      path: ROUTE,
      args: () => ({ params: { id: check(Id, id, "id") } }),
      schema: ProviderConfiguration,
      options,
    });
  }

  /** Changes `account_sid` and/or rotates `auth_token`. */
  update(
    id: number,
    params: ProviderConfigurationUpdateParams,
    options?: RequestOptions,
  ): Promise<ProviderConfiguration> {
    return this._t.request({
      method: "PATCH",
      path: ROUTE,
      args: () => ({
        params: { id: check(Id, id, "id") },
        body: check(ProviderConfigurationUpdateParams, params, ""),
      }),
      schema: ProviderConfiguration,
      options,
    });
  }

  /** Deletes; BadRequestError `configuration_in_use` while a bridge number uses it. */
  delete(id: number, options?: RequestOptions): Promise<void> {
    return this._t.request({
      method: "DELETE",
      path: ROUTE,
      args: () => ({ params: { id: check(Id, id, "id") } }),
      schema: null,
      options,
    });
  }
}
