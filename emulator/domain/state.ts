import { z } from "zod";
import { callStateShape } from "./calls/records";
import { numberSettingSchema } from "./number-setting-schema";

// The state is described by zod schemas so that a state file read from disk is checked
// with the same definition that types the in-memory store.

const organization = z.object({
  id: z.number().int(),
  name: z.string(),
  domain_handle: z.string(),
  created_at: z.string(),
});

const token = z.object({ token: z.string(), organizations: z.array(z.string()) });

const space = z.object({
  organization: z.string(),
  id: z.string(),
  name: z.string(),
  token: z.string(),
  agent_handle: z.string(),
  created_at: z.string(),
});

const agent = z.object({
  organization: z.string(),
  handle: z.string(),
  name: z.string(),
  type: z.string(),
  state: z.string(),
  purpose: z.string(),
});

const catalogueProvider = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

const providerAccount = z.object({
  organization: z.string(),
  provider: z.string(),
  account_sid: z.string(),
});

const phoneNumber = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Owning organization; `null` for the platform pool. */
  organization: z.string().nullable(),
  /** The provider account holding the number; `null` for the pool. */
  provider: z.string().nullable(),
  account_sid: z.string().nullable(),
});

const configuration = z.object({
  id: z.number().int(),
  organization: z.string(),
  provider: z.string(),
  account_sid: z.string(),
  auth_token: z.string(),
  created_at: z.string(),
});

const bridge = z.object({
  id: z.number().int(),
  organization: z.string(),
  name: z.string(),
  slug: z.string(),
  created_at: z.string(),
});

const link = z.object({
  id: z.number().int(),
  bridge_id: z.number().int(),
  number_id: z.number().int(),
  configuration_id: z.number().int(),
  created_at: z.string(),
});

const trunk = z.object({
  id: z.number().int(),
  organization: z.string(),
  name: z.string(),
  sip_url: z.string(),
  transport: z.enum(["tcp", "udp", "tls"]),
  port: z.string(),
  auth_username: z.string().nullable(),
  auth_password: z.string().nullable(),
  source_ips: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
});

// Calls (tasks, runs, CDRs) live in emulator/domain/calls/records.ts; they default to empty so a state
// file written before they existed still loads.
const callTables = callStateShape;

/** Tables whose records get integer ids from a per-table counter. */
const ID_TABLES = [
  "organizations",
  "providers",
  "numbers",
  "configurations",
  "bridges",
  "links",
  "trunks",
] as const;
export type IdTable = (typeof ID_TABLES)[number];

/** The format tag written into state files; a file with another tag is refused. */
const STATE_FORMAT = "voice-emulator-state/1";

export const stateSchema = z.object({
  format: z.literal(STATE_FORMAT),
  nextIds: z.object({
    organizations: z.number().int(),
    providers: z.number().int(),
    numbers: z.number().int(),
    configurations: z.number().int(),
    bridges: z.number().int(),
    links: z.number().int(),
    trunks: z.number().int(),
  }),
  organizations: z.array(organization),
  tokens: z.array(token),
  spaces: z.array(space),
  agents: z.array(agent),
  providers: z.array(catalogueProvider),
  accounts: z.array(providerAccount),
  numbers: z.array(phoneNumber),
  configurations: z.array(configuration),
  bridges: z.array(bridge),
  links: z.array(link),
  trunks: z.array(trunk),
  ...callTables,
  /** Live channels and agents of numbers (emulator/domain/number-settings.ts); absent until one is set. */
  numberSettings: z.array(numberSettingSchema).optional(),
});

/** The whole platform storage (what `GET /_emulator/state` answers and the state file holds). */
export type EmulatorState = z.infer<typeof stateSchema>;
export type Organization = z.infer<typeof organization>;
export type TokenGrant = z.infer<typeof token>;
export type Space = z.infer<typeof space>;
export type Agent = z.infer<typeof agent>;
export type CatalogueProvider = z.infer<typeof catalogueProvider>;
export type ProviderAccount = z.infer<typeof providerAccount>;
export type PhoneNumber = z.infer<typeof phoneNumber>;
export type ProviderConfiguration = z.infer<typeof configuration>;
export type Bridge = z.infer<typeof bridge>;
export type BridgeLink = z.infer<typeof link>;
export type Trunk = z.infer<typeof trunk>;
export type Transport = Trunk["transport"];
export type { CallDetailRecord, Run, TaskRecord } from "./calls/records";
export type { NumberSetting } from "./number-setting-schema";

/** An empty state (no records, all counters at 1). */
export function emptyState(): EmulatorState {
  return {
    format: STATE_FORMAT,
    nextIds: {
      organizations: 1,
      providers: 1,
      numbers: 1,
      configurations: 1,
      bridges: 1,
      links: 1,
      trunks: 1,
    },
    organizations: [],
    tokens: [],
    spaces: [],
    agents: [],
    providers: [],
    accounts: [],
    numbers: [],
    configurations: [],
    bridges: [],
    links: [],
    trunks: [],
    tasks: [],
    runs: [],
    cdrs: [],
  };
}

/** The in-memory store: the state plus a change counter that persistence watches. */
export class Store {
  #state: EmulatorState;
  #changes = 0;

  constructor(state: EmulatorState) {
    this.#state = state;
  }

  /** The live state; mutate it only through `write`. */
  get state(): EmulatorState {
    return this.#state;
  }

  /** How many writes happened since the store was made (persistence compares it). */
  get changes(): number {
    return this.#changes;
  }

  /** Run a mutation and record that the state changed. Validate before calling this. */
  write<T>(mutation: (state: EmulatorState) => T): T {
    const result = mutation(this.#state);
    this.#changes++;
    return result;
  }

  /** Replace the whole state (reset, seed applied on a copy). */
  replace(state: EmulatorState): void {
    this.#state = state;
    this.#changes++;
  }

  /** Hand out the next id of a table. */
  nextId(table: IdTable): number {
    const id = this.#state.nextIds[table];
    this.#state.nextIds[table] = id + 1;
    return id;
  }
}

/** Take the next id of a table from a state (used while building a state, e.g. seeding). */
export function takeId(state: EmulatorState, table: IdTable): number {
  const id = state.nextIds[table];
  state.nextIds[table] = id + 1;
  return id;
}

/** The current time as an ISO 8601 timestamp. */
export function now(): string {
  return new Date().toISOString();
}
