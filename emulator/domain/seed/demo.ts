import { z } from "zod";
import { type EmulatorState, emptyState, type PhoneNumber, takeId } from "../state";
import { E164_RE, normalizePhone } from "../validation";
import { seedCalls } from "./calls";

/** Organization handle of the seeded demo organization the default token uses first. */
export const DEMO_ORG_HANDLE = "acme";
/** The `Product-ID` of the seeded demo product. */
export const DEMO_PRODUCT_ID = "voice-ai";
/** Organizations a configured token may use (docs/emulator.md). */
export const DEMO_TOKEN_ORGS = ["acme", "globex"];

// A fixed seed time keeps seeded records byte-identical across resets and restarts.
const SEEDED_AT = "2024-01-01T00:00:00.000Z";

const phone = z
  .string({ error: "must be a string" })
  .transform(normalizePhone)
  .refine((v) => E164_RE.test(v), { error: "must be an E.164 number" });
const name = z.string({ error: "must be a string" }).min(1, { error: "must not be empty" });

/** Body of `POST /_emulator/seed`. */
export const seedInputSchema = z.object({
  organizations: z.array(z.object({ domain_handle: name, name })).optional(),
  tokens: z.array(z.object({ token: name, organizations: z.array(name) })).optional(),
  providerAccounts: z
    .array(z.object({ organization: name, provider: name, account_sid: name, numbers: z.array(phone) }))
    .optional(),
  poolNumbers: z.array(phone).optional(),
  spaces: z
    .array(z.object({ organization: name, id: name, name, token: name, agent_handle: z.string() }))
    .optional(),
  agents: z
    .array(
      z.object({
        organization: name,
        handle: name,
        name,
        type: z.string().default("Voice"),
        state: z.string().default("published"),
        purpose: z.string().default(""),
      }),
    )
    .optional(),
});
export type SeedInput = z.input<typeof seedInputSchema>;
type ParsedSeed = z.output<typeof seedInputSchema>;

/** A seed body that refers to something missing; `field` names the offending body field. */
export class SeedError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function range(prefix: string, first: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${first + i}`);
}

/** The seeded demo state of docs/emulator.md, with `token` allowed to use acme and globex. */
export function demoState(token: string): EmulatorState {
  const state = emptyState();
  for (const [handle, orgName] of [
    ["acme", "Acme Voice"],
    ["globex", "Globex Telecom"],
    ["initech", "Initech"],
  ] as const) {
    state.organizations.push({
      id: takeId(state, "organizations"),
      name: orgName,
      domain_handle: handle,
      created_at: SEEDED_AT,
    });
  }
  state.tokens.push({ token, organizations: [...DEMO_TOKEN_ORGS] });
  for (const [slug, providerName] of [
    ["twilio", "Twilio"],
    ["plivo", "Plivo"],
    ["telnyx", "Telnyx"],
    ["vonage", "Vonage"],
    ["exotel", "Exotel"],
  ] as const) {
    state.providers.push({ id: takeId(state, "providers"), name: providerName, slug });
  }
  const spaces = [
    ["acme", "spc_acme_support", "Support", "sp-acme-support", "support-agent"],
    ["acme", "spc_acme_sales", "Sales", "sp-acme-sales", "sales-agent"],
    ["globex", "spc_globex_ops", "Operations", "sp-globex-ops", "ops-agent"],
  ] as const;
  for (const [organization, id, spaceName, spaceToken, agent_handle] of spaces) {
    state.spaces.push({
      organization,
      id,
      name: spaceName,
      token: spaceToken,
      agent_handle,
      created_at: SEEDED_AT,
    });
  }
  const agents = [
    ["acme", "support-agent", "Support Agent", "published", "Answers customer support calls"],
    ["acme", "sales-agent", "Sales Agent", "published", "Calls leads and books demos"],
    ["acme", "draft-agent", "Draft Agent", "draft", "Work in progress"],
    ["globex", "ops-agent", "Ops Agent", "published", "Handles operations calls"],
  ] as const;
  for (const [organization, handle, agentName, agentState, purpose] of agents) {
    state.agents.push({ organization, handle, name: agentName, type: "Voice", state: agentState, purpose });
  }
  applySeed(state, {
    providerAccounts: [
      {
        organization: "acme",
        provider: "twilio",
        account_sid: "AC00000000000000000000000000000001",
        numbers: range("+1415555010", 0, 10),
      },
      {
        organization: "acme",
        provider: "plivo",
        account_sid: "MA0000000000000000A1",
        numbers: range("+44207946000", 0, 5),
      },
      {
        organization: "globex",
        provider: "twilio",
        account_sid: "AC00000000000000000000000000000002",
        numbers: range("+1212555010", 0, 5),
      },
    ],
    poolNumbers: range("+1800555010", 0, 5),
  });
  seedCalls(state);
  return state;
}

/**
 * Add a parsed seed body to `state` in place. Throws `SeedError` on a dangling reference;
 * callers apply it to a copy so that a refused seed writes nothing.
 */
export function applySeed(state: EmulatorState, input: ParsedSeed): void {
  // Every lookup goes through a map, so a seed of a thousand organizations stays linear.
  const orgs = new Map(state.organizations.map((o) => [o.domain_handle, o]));
  const requireOrg = (field: string, handle: string) => {
    if (!orgs.has(handle)) throw new SeedError(field, `organization '${handle}' does not exist`);
  };
  for (const org of input.organizations ?? []) {
    const existing = orgs.get(org.domain_handle);
    if (existing) existing.name = org.name;
    else {
      const record = { ...org, id: takeId(state, "organizations"), created_at: SEEDED_AT };
      state.organizations.push(record);
      orgs.set(record.domain_handle, record);
    }
  }
  const tokens = new Map(state.tokens.map((t) => [t.token, t]));
  (input.tokens ?? []).forEach((grant, i) => {
    grant.organizations.forEach((handle, j) => void requireOrg(`tokens.${i}.organizations.${j}`, handle));
    const existing = tokens.get(grant.token);
    if (existing) existing.organizations = [...new Set([...existing.organizations, ...grant.organizations])];
    else {
      const record = { token: grant.token, organizations: [...new Set(grant.organizations)] };
      state.tokens.push(record);
      tokens.set(record.token, record);
    }
  });
  // Looked up by value once per seeded number: a seed of 10,000 numbers stays linear.
  const numbersByValue = new Map<string, PhoneNumber>();
  for (const n of state.numbers) if (!numbersByValue.has(n.number)) numbersByValue.set(n.number, n);
  const accountKey = (a: {
    organization: string | null;
    provider: string | null;
    account_sid: string | null;
  }) => `${a.organization}\u0000${a.provider}\u0000${a.account_sid}`;
  const accounts = new Set(state.accounts.map(accountKey));
  (input.providerAccounts ?? []).forEach((account, i) => {
    requireOrg(`providerAccounts.${i}.organization`, account.organization);
    if (!state.providers.some((p) => p.slug === account.provider)) {
      throw new SeedError(
        `providerAccounts.${i}.provider`,
        `provider '${account.provider}' is not in the catalogue`,
      );
    }
    const key = {
      organization: account.organization,
      provider: account.provider,
      account_sid: account.account_sid,
    };
    const same = (n: { organization: string | null; provider: string | null; account_sid: string | null }) =>
      n.organization === key.organization && n.provider === key.provider && n.account_sid === key.account_sid;
    if (!accounts.has(accountKey(key))) {
      state.accounts.push(key);
      accounts.add(accountKey(key));
    }
    account.numbers.forEach((number, j) => {
      const existing = numbersByValue.get(number);
      if (existing && same(existing)) return;
      if (existing) {
        throw new SeedError(
          `providerAccounts.${i}.numbers.${j}`,
          `${number} already belongs to another account`,
        );
      }
      const record = { id: takeId(state, "numbers"), number, ...key };
      state.numbers.push(record);
      numbersByValue.set(number, record);
    });
  });
  (input.poolNumbers ?? []).forEach((number, j) => {
    const existing = numbersByValue.get(number);
    if (existing && existing.organization === null) return;
    if (existing) throw new SeedError(`poolNumbers.${j}`, `${number} already belongs to an account`);
    const record = {
      id: takeId(state, "numbers"),
      number,
      organization: null,
      provider: null,
      account_sid: null,
    };
    state.numbers.push(record);
    numbersByValue.set(number, record);
  });
  const spaces = new Map(state.spaces.map((s, at) => [s.token, at]));
  (input.spaces ?? []).forEach((space, i) => {
    requireOrg(`spaces.${i}.organization`, space.organization);
    const record = { ...space, created_at: SEEDED_AT };
    const at = spaces.get(space.token);
    if (at !== undefined) state.spaces[at] = record;
    else spaces.set(space.token, state.spaces.push(record) - 1);
  });
  // An agent's handle is unique within its organization: two organizations may both have a `support-agent`.
  const agentKey = (a: { organization: string; handle: string }) => `${a.organization}\u0000${a.handle}`;
  const agents = new Map(state.agents.map((a, at) => [agentKey(a), at]));
  (input.agents ?? []).forEach((agent, i) => {
    requireOrg(`agents.${i}.organization`, agent.organization);
    const at = agents.get(agentKey(agent));
    if (at !== undefined) state.agents[at] = agent;
    else agents.set(agentKey(agent), state.agents.push(agent) - 1);
  });
}
