import { z } from "zod";
import { requireOrg } from "../auth";
import { jsonObject } from "../body";
import { ApiError, list, noContent, notFound, ok } from "../envelope";
import type { PlatformRequest, PlatformRouter } from "../router";
import { type EmulatorState, now, type ProviderConfiguration } from "../state";
import { pageRequest, paginate, parseBody, str } from "../validation";

const PATH = "/telephony/providers-configurations/";

/** PATCH body (decisions P3, P4): `provider` is identity and ignored like any unknown field. */
export const configurationUpdateSchema = z.object({
  account_sid: str().optional(),
  auth_token: str().optional(),
});

function createSchema(state: EmulatorState) {
  const slugs = state.providers.map((p) => p.slug);
  return z.object({
    provider: z
      .string({ error: "must be a string" })
      .refine((v) => slugs.includes(v), { error: `must be one of ${slugs.join(", ")}` }),
    account_sid: str(),
    auth_token: str(),
  });
}

/** A configuration as every answer shows it: `auth_token` is write-only (decisions P3, P6). */
export function configurationView({ id, provider, account_sid, created_at }: ProviderConfiguration) {
  return { id, provider, account_sid, created_at };
}

/** The organization's configuration with this id (path text), or 404 (decision O4). */
export function findConfiguration(
  state: EmulatorState,
  organization: string,
  rawId: string,
): ProviderConfiguration {
  const id = /^\d{1,15}$/.test(rawId) ? Number(rawId) : Number.NaN;
  const found = state.configurations.find((c) => c.id === id && c.organization === organization);
  if (found === undefined) throw notFound(`Provider configuration '${rawId}'`);
  return found;
}

/** 400 `already_exists` when another configuration of the organization has this account (P2). */
export function assertAccountFree(
  state: EmulatorState,
  organization: string,
  provider: string,
  accountSid: string,
  except?: number,
): void {
  const clash = state.configurations.some(
    (c) =>
      c.organization === organization &&
      c.provider === provider &&
      c.account_sid === accountSid &&
      c.id !== except,
  );
  if (clash) {
    throw new ApiError(
      400,
      "already_exists",
      `A ${provider} configuration for account ${accountSid} already exists`,
      {
        account_sid: "already exists for this provider",
      },
    );
  }
}

/** Apply a validated PATCH (shared with the admin surface). */
export function updateConfiguration(
  req: Pick<PlatformRequest, "ctx">,
  configuration: ProviderConfiguration,
  input: z.output<typeof configurationUpdateSchema>,
): void {
  const state = req.ctx.store.state;
  if (input.account_sid !== undefined) {
    assertAccountFree(
      state,
      configuration.organization,
      configuration.provider,
      input.account_sid,
      configuration.id,
    );
  }
  if (input.account_sid === undefined && input.auth_token === undefined) return;
  req.ctx.store.write(() => {
    if (input.account_sid !== undefined) configuration.account_sid = input.account_sid;
    if (input.auth_token !== undefined) configuration.auth_token = input.auth_token;
  });
}

function scope(req: PlatformRequest) {
  return { org: requireOrg(req.ctx.store, req.grant, req.headers).domain_handle, state: req.ctx.store.state };
}

/** `/telephony/providers-configurations/…` endpoints. */
export function registerProviderConfigurationRoutes(router: PlatformRouter): void {
  router.get(PATH, (req) => {
    const { org, state } = scope(req);
    const page = pageRequest(req.query);
    const all = state.configurations.filter((c) => c.organization === org).sort((a, b) => a.id - b.id);
    const data = paginate(all, page).map(configurationView);
    return list(data, all.length, "Provider configurations retrieved successfully");
  });

  router.post(PATH, (req) => {
    const { org, state } = scope(req);
    const input = parseBody(createSchema(state), jsonObject(req.body));
    assertAccountFree(state, org, input.provider, input.account_sid);
    const created = req.ctx.store.write((s) => {
      const record: ProviderConfiguration = {
        id: req.ctx.store.nextId("configurations"),
        organization: org,
        provider: input.provider,
        account_sid: input.account_sid,
        auth_token: input.auth_token,
        created_at: now(),
      };
      s.configurations.push(record);
      return record;
    });
    return ok(configurationView(created), "Provider configuration created successfully", 201);
  });

  router.get(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const found = findConfiguration(state, org, String(req.params.id));
    return ok(configurationView(found), "Provider configuration retrieved successfully");
  });

  router.patch(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const found = findConfiguration(state, org, String(req.params.id));
    const input = parseBody(configurationUpdateSchema, jsonObject(req.body));
    updateConfiguration(req, found, input);
    return ok(configurationView(found), "Provider configuration updated successfully");
  });

  router.delete(`${PATH}:id/`, (req) => {
    const { org, state } = scope(req);
    const found = findConfiguration(state, org, String(req.params.id));
    if (state.links.some((l) => l.configuration_id === found.id)) {
      throw new ApiError(
        400,
        "configuration_in_use",
        `Provider configuration ${found.id} is used by bridge numbers; disconnect them first`,
      );
    }
    req.ctx.store.write((s) => {
      s.configurations = s.configurations.filter((c) => c.id !== found.id);
    });
    return noContent();
  });
}
