import { request } from "undici";
import type { FaultInput } from "../domain/faults";
import type { RequestLogEntry } from "../domain/request-log";
import type { SeedInput } from "../domain/seed/demo";
import type { EmulatorState } from "../domain/state";

/** Bridge list view as the admin surface answers it. */
export interface AdminBridge {
  id: number;
  name: string;
  slug: string;
  provider: string | null;
  created_at: string;
  numbers: { id: number; number: string; status: string }[];
}

/** Provider configuration as the admin surface answers it (no `auth_token`). */
export interface AdminConfiguration {
  id: number;
  provider: string;
  account_sid: string;
  created_at: string;
}

/** SIP trunk as the admin surface answers it (password masked). */
export interface AdminTrunk {
  id: number;
  name: string;
  sip_url: string;
  transport: "tcp" | "udp" | "tls";
  port: string;
  auth_username: string | null;
  auth_password: string | null;
  allowed_ips: string;
  active: boolean;
  org_handle: string;
  created_at: string;
}

/** One organization of a fleet as `POST /_emulator/fleet` answers it. */
export interface AdminFleetOrganization {
  handle: string;
  name: string;
  provider: string;
  account_sid: string;
  /** How many numbers its account holds, from `first_number` to `last_number`. */
  numbers: number;
  first_number: string;
  last_number: string;
  spaces: string[];
  agents: string[];
}

/** Fields the admin trunk PATCH takes: any trunk field (decision T3) plus `active`. */
export interface AdminTrunkPatch {
  name?: string;
  sip_url?: string;
  transport?: "tcp" | "udp" | "tls";
  port?: string;
  auth_username?: string | null;
  auth_password?: string | null;
  source_ips?: string[];
  active?: boolean;
}

/** A non-2xx answer of the admin surface. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    method: string,
    path: string,
  ) {
    super(`admin ${method} ${path} answered ${status}: ${JSON.stringify(body)}`);
  }
}

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Typed client of the emulator's `/_emulator/…` surface (docs/emulator.md). */
export class AdminClient {
  readonly #token: string | undefined;

  /**
   * @param baseUrl the emulator base URL, e.g. `http://127.0.0.1:54321`.
   * @param options.token the emulator's admin token, when it was started with one.
   */
  constructor(
    readonly baseUrl: string,
    options: { token?: string | undefined } = {},
  ) {
    this.#token = options.token;
  }

  async #call<T>(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.#token !== undefined) headers.authorization = `Bearer ${this.#token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await request(`${this.baseUrl}/_emulator${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    const parsed: unknown = text === "" ? undefined : JSON.parse(text);
    if (res.statusCode >= 300) throw new AdminError(res.statusCode, parsed, method, path);
    return parsed as T;
  }

  /** Back to the seeded demo data; clears faults, the request log and rate-limit windows. */
  async reset(): Promise<void> {
    await this.#call("POST", "/reset");
  }

  /** The whole platform storage, secrets included. */
  state(): Promise<EmulatorState> {
    return this.#call("GET", "/state");
  }

  /** Add organizations, tokens, provider accounts, pool numbers, spaces or agents. */
  async seed(body: SeedInput): Promise<void> {
    await this.#call("POST", "/seed", body);
  }

  /**
   * Add organizations `org-001` … `org-<organizations>`, each with its own provider account of
   * `numbersPerOrganization` numbers (default 1,000), two spaces and two agents, and let `token`
   * (default the emulator's) use them all. Organizations already there gain only what they lack.
   */
  async addFleet(body: {
    organizations: number;
    numbersPerOrganization?: number;
    token?: string;
  }): Promise<AdminFleetOrganization[]> {
    return (await this.#call<{ organizations: AdminFleetOrganization[] }>("POST", "/fleet", body))
      .organizations;
  }

  /** Requests per window per token (window default 60 s); resets the windows. */
  async setRateLimit(limit: number, windowMs?: number): Promise<void> {
    await this.#call("PUT", "/rate-limit", windowMs === undefined ? { limit } : { limit, windowMs });
  }

  /** Inject a fault into matching platform requests; answers its id. */
  addFault(fault: FaultInput): Promise<{ id: number }> {
    return this.#call("POST", "/faults", fault);
  }

  /** Remove every fault. */
  async clearFaults(): Promise<void> {
    await this.#call("DELETE", "/faults");
  }

  /** Every platform request since the last clear, oldest first. */
  async requests(): Promise<RequestLogEntry[]> {
    return (await this.#call<{ requests: RequestLogEntry[] }>("GET", "/requests")).requests;
  }

  /** Clear the request log. */
  async clearRequests(): Promise<void> {
    await this.#call("DELETE", "/requests");
  }

  /** Rename a bridge out of band (drift). */
  renameBridge(org: string, slug: string, name: string): Promise<AdminBridge> {
    return this.#call("PATCH", `/orgs/${seg(org)}/bridges/${seg(slug)}`, { name });
  }

  /** Delete a bridge out of band, unlinking its numbers first. */
  async deleteBridge(org: string, slug: string): Promise<void> {
    await this.#call("DELETE", `/orgs/${seg(org)}/bridges/${seg(slug)}`);
  }

  /** Unlink a number from a bridge out of band. */
  disconnectNumber(org: string, slug: string, phone: string): Promise<AdminBridge> {
    return this.#call("POST", `/orgs/${seg(org)}/bridges/${seg(slug)}/disconnect`, { phone_number: phone });
  }

  /** Change a provider configuration out of band. */
  patchConfiguration(
    org: string,
    id: number,
    body: { account_sid?: string; auth_token?: string },
  ): Promise<AdminConfiguration> {
    return this.#call("PATCH", `/orgs/${seg(org)}/provider-configurations/${seg(id)}`, body);
  }

  /** Delete a provider configuration out of band, unlinking its numbers first. */
  async deleteConfiguration(org: string, id: number): Promise<void> {
    await this.#call("DELETE", `/orgs/${seg(org)}/provider-configurations/${seg(id)}`);
  }

  /** Change a SIP trunk out of band (any trunk field, plus `active`). */
  patchTrunk(org: string, id: number, body: AdminTrunkPatch): Promise<AdminTrunk> {
    return this.#call("PATCH", `/orgs/${seg(org)}/trunks/${seg(id)}`, body);
  }

  /** Delete a SIP trunk out of band. */
  async deleteTrunk(org: string, id: number): Promise<void> {
    await this.#call("DELETE", `/orgs/${seg(org)}/trunks/${seg(id)}`);
  }

  /** End a simulated call now, `completed` (default) or `failed`; answers the task. */
  completeTask(taskId: string, outcome?: "completed" | "failed"): Promise<Record<string, unknown>> {
    return this.#call("POST", `/tasks/${seg(taskId)}/complete`, outcome === undefined ? {} : { outcome });
  }

  /** Move a simulated call one step: pending → in progress, in progress → ended; answers the task. */
  advanceTask(taskId: string): Promise<Record<string, unknown>> {
    return this.#call("POST", `/tasks/${seg(taskId)}/advance`, {});
  }

  /** Add a SIP call detail record to an organization; answers it with its id. */
  addCdr(org: string, cdr: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.#call("POST", `/orgs/${seg(org)}/cdrs`, cdr);
  }

  /**
   * Add `calls` generated SIP call records (default 200) to an organization, spread over the `days`
   * days (default 14) ending at `now` (default the current time) across its numbers linked to a
   * bridge; the same `seed` (default 1), `now` and numbers give the same records. Answers how many
   * were added and the first and last ids (`null` when none).
   */
  addTraffic(
    org: string,
    body: { seed?: number; days?: number; calls?: number; now?: string } = {},
  ): Promise<{ added: number; firstId: number | null; lastId: number | null }> {
    return this.#call("POST", `/orgs/${seg(org)}/traffic`, body);
  }

  /** Set a number's live call channels (`channels_count` in its bridge's detail view); answers what was set. */
  setLiveChannels(
    org: string,
    number: string,
    channels: number,
  ): Promise<{ number: string; channels: number }> {
    return this.#call("PUT", `/orgs/${seg(org)}/numbers/${seg(number)}/channels`, { channels });
  }

  /** Set the agent a number routes to (`agent_id` in the overview; `null` clears it); answers what was set. */
  setNumberAgent(
    org: string,
    number: string,
    agentId: string | null,
  ): Promise<{ number: string; agentId: string | null }> {
    return this.#call("PUT", `/orgs/${seg(org)}/numbers/${seg(number)}/agent`, { agentId });
  }

  /**
   * Schedule a follow-up call placed from `number` (one of the organization's) at `nextAt`: a
   * current-shape task, `pending` until then, whose output carries `assistant_number` and
   * `post_call_data.follow_up` (`required`, `scheduled`, `next_at`). `assignee` defaults to the
   * organization's first agent, `contactNumber` to a fictional number. Answers the task.
   */
  addFollowUp(
    org: string,
    body: { number: string; nextAt: string; contactNumber?: string; assignee?: string },
  ): Promise<Record<string, unknown> & { task_id: string }> {
    return this.#call("POST", `/orgs/${seg(org)}/follow-ups`, body);
  }

  /** The chat sessions the inference host keeps (playbook, user, checkpoint, slots, turns). */
  async sessions(): Promise<
    { model: string; user: string; checkpoint: string; slots: Record<string, string>; turns: number }[]
  > {
    return (await this.#call<{ sessions: never[] }>("GET", "/sessions")).sessions;
  }
}
