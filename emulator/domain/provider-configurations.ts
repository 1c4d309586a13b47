// Provider configurations as the platform keeps them: their rules, their views, how one is found and changed.
import { z } from "zod";
import { ApiError, notFound } from "./api-error";
import type { EmulatorContext } from "./context";
import type { EmulatorState, ProviderConfiguration } from "./state";
import { indexOf } from "./state-index";
import { str } from "./validation";

/** PATCH body (decisions P3, P4): `provider` is identity and ignored like any unknown field. */
export const configurationUpdateSchema = z.object({
  account_sid: str().optional(),
  auth_token: str().optional(),
});

export function configurationCreateSchema(state: EmulatorState) {
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
  const found = indexOf(state).configurationById.get(id);
  if (found === undefined || found.organization !== organization)
    throw notFound(`Provider configuration '${rawId}'`);
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
  const clash = [...(indexOf(state).configurationsByOrganization.get(organization)?.values() ?? [])].some(
    (c) => c.provider === provider && c.account_sid === accountSid && c.id !== except,
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
  req: { readonly ctx: EmulatorContext },
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
