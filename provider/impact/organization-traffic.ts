import {
  type BridgeDetail,
  NotFoundError,
  type RequestOptions,
  stripPhoneSeparators,
  type VoiceClient,
} from "../../sdk";
import {
  type ImpactOptions,
  type ImpactOptionsInput,
  parseImpactOptions,
} from "../connection/impact-options";
import type { Touch } from "../runtime/touch";
import { type CallWindow, LARGEST_PAGE, readCallWindow } from "./call-window";
import { addFollowUps } from "./follow-ups";
import { levelOf } from "./level";
import {
  capNote,
  configurationNote,
  missingAgentNote,
  missingBridgeNote,
  noAgentNote,
  notInOverviewNote,
  trunkNote,
} from "./notes";
import type { FollowUps, NumberImpact } from "./number-impact";
import { byRisk, type ImpactReport } from "./report";
import { type TouchedNumber, touchedNumbers } from "./touched-numbers";

/** A number as the overview shows it now: its bridge and its agent. */
interface Line {
  bridge: string | null;
  agent: string | null;
}

const HOUR_MS = 3_600_000;

/** Values that are there, once each. */
const distinct = <T>(values: readonly (T | null | undefined)[]): T[] => [
  ...new Set(values.filter((v): v is T => v !== null && v !== undefined)),
];

/** The memoized read of `key`, made once; a failed read is forgotten, so a later call tries again. */
function once<V>(reads: Map<string, Promise<V>>, key: string, read: () => Promise<V>): Promise<V> {
  let pending = reads.get(key);
  if (pending === undefined) {
    pending = read();
    reads.set(key, pending);
    pending.catch(() => reads.delete(key));
  }
  return pending;
}

/**
 * What planned changes do to one organization's live calls. Reads lazily, each thing once however
 * many reports ask: the window of call records (newest first), the overview (each number's bridge
 * and agent), the details of each bridge it needs (live channels), and the tasks of each agent it
 * needs (scheduled follow-ups). Touches that name no number read nothing.
 */
export class OrganizationTraffic {
  /** The organization's handle. */
  readonly organization: string;
  readonly options: ImpactOptions;
  readonly #client: VoiceClient;
  readonly #now: number;
  readonly #since: number;
  #requests = 0;
  readonly #windows = new Map<string, Promise<CallWindow>>();
  readonly #overviews = new Map<string, Promise<Map<string, Line>>>();
  readonly #bridges = new Map<string, Promise<BridgeDetail | undefined>>();
  readonly #agents = new Map<string, Promise<Map<string, FollowUps> | undefined>>();

  /**
   * @param client a connected client; its requests name `organization` (default: its `Org-Handle`).
   * @param options checked here, before any request: a bad one throws naming it.
   */
  constructor(client: VoiceClient, options: ImpactOptionsInput = {}, organization = client.orgHandle) {
    this.options = parseImpactOptions(options);
    if (organization === undefined) {
      throw new Error(
        "impact: no organization to read: pass its handle, or a client with a default Org-Handle",
      );
    }
    this.organization = organization;
    this.#client = client;
    this.#now = (this.options.now ?? new Date()).getTime();
    this.#since = this.#now - this.options.windowDays * 24 * HOUR_MS;
  }

  /** Requests sent to the platform so far, what the reports cost (the SDK's retries of one aside). */
  get requests(): number {
    return this.#requests;
  }

  /**
   * Each of the organization's numbers (E.164) and the bridge the overview shows it on now (null: on
   * none), for a caller that must tell what moves before it has touches; the same read `impactOf` uses.
   */
  async bridgesNow(): Promise<ReadonlyMap<string, string | null>> {
    const lines = await this.#overview();
    return new Map([...lines].map(([number, line]) => [number, line.bridge]));
  }

  /** What `touches` do to the organization's calls, riskiest number first, with what cannot be known. */
  async impactOf(touches: readonly Touch[]): Promise<ImpactReport> {
    const notes: string[] = [];
    const touchedBridges = distinct(touches.map((t) => (t.kind === "bridge" ? t.slug : null)));
    const bridges = await this.#bridgeDetails(touchedBridges);
    for (const slug of touchedBridges) {
      if (bridges.get(slug) === undefined) notes.push(missingBridgeNote(slug));
    }
    const touched = touchedNumbers(touches, (t) => bridges.get(t.slug)?.numbers.map((n) => n.number) ?? []);
    notes.push(...unnamedNotes(touches, [...touched.values()]));
    if (touched.size === 0) return this.#report([], notes, undefined);

    const [window, lines] = await Promise.all([this.#callWindow(), this.#overview()]);
    if (window.capped) notes.unshift(capNote(window.callsRead));
    const entries = [...touched.values()].map((t) => ({ t, line: lines.get(t.number) }));
    const [details, followUps] = await Promise.all([
      this.#bridgeDetails(distinct(entries.map((e) => e.line?.bridge))),
      this.#followUps(distinct(entries.map((e) => e.line?.agent))),
    ]);
    notes.push(...this.#missingNotes(entries, followUps));
    const numbers = entries.map(({ t, line }) =>
      this.#impact(t, line, window, details.get(line?.bridge ?? ""), followUps),
    );
    return this.#report(numbers.sort(byRisk), notes, window);
  }

  #impact(
    t: TouchedNumber,
    line: Line | undefined,
    window: CallWindow,
    bridge: BridgeDetail | undefined,
    followUpsOf: Map<string, Map<string, FollowUps> | undefined>,
  ): NumberImpact {
    const entry = bridge?.numbers.find((n) => stripPhoneSeparators(n.number) === t.number);
    const agent = line?.agent ?? null;
    const byAgent = agent === null ? undefined : followUpsOf.get(agent);
    const facts = {
      calls: window.counts.of(t.number),
      liveChannels: entry?.channels_count ?? null,
      followUps: byAgent === undefined ? null : (byAgent.get(t.number) ?? { count: 0, next: null }),
    };
    const { configurationId: _, ...how } = t;
    return { ...how, ...facts, agent, ...levelOf(facts, this.options) };
  }

  /** Why some numbers' agent, channels or follow-ups are unknown. */
  #missingNotes(
    entries: readonly { t: TouchedNumber; line: Line | undefined }[],
    followUps: Map<string, Map<string, FollowUps> | undefined>,
  ): string[] {
    const notes: string[] = [];
    const unlisted = entries.filter((e) => e.line === undefined).map((e) => e.t.number);
    if (unlisted.length > 0) notes.push(notInOverviewNote(unlisted));
    const agentless = entries
      .filter((e) => e.line !== undefined && e.line.agent === null)
      .map((e) => e.t.number);
    if (agentless.length > 0) notes.push(noAgentNote(agentless));
    for (const [agent, found] of followUps) {
      if (found !== undefined) continue;
      notes.push(
        missingAgentNote(
          agent,
          entries.filter((e) => e.line?.agent === agent).map((e) => e.t.number),
        ),
      );
    }
    return notes;
  }

  #report(numbers: NumberImpact[], notes: string[], window: CallWindow | undefined): ImpactReport {
    return {
      organization: this.organization,
      windowDays: this.options.windowDays,
      recentHours: this.options.recentHours,
      since: new Date(this.#since).toISOString(),
      callsRead: window?.callsRead ?? 0,
      capped: window?.capped ?? false,
      requests: this.#requests,
      numbers,
      notes,
    };
  }

  get #scope(): RequestOptions {
    return { orgHandle: this.organization };
  }

  /** Sends one request, counted. */
  #send<T>(request: () => PromiseLike<T>): Promise<T> {
    this.#requests += 1;
    return Promise.resolve(request());
  }

  #callWindow(): Promise<CallWindow> {
    return once(this.#windows, this.organization, () =>
      readCallWindow(
        (page) => this.#send(() => this.#client.cdr.list({ page, page_size: LARGEST_PAGE }, this.#scope)),
        {
          since: this.#since,
          recentSince: this.#now - this.options.recentHours * HOUR_MS,
          maxCalls: this.options.maxCalls,
        },
      ),
    );
  }

  /** Every number of the organization, in one answer (L1: a list without page parameters is whole). */
  #overview(): Promise<Map<string, Line>> {
    return once(this.#overviews, this.organization, async () => {
      const page = await this.#send(() => this.#client.overview.list(undefined, this.#scope));
      return new Map(
        page.data.map((row) => [
          stripPhoneSeparators(row.number),
          { bridge: row.bridge_slug ?? null, agent: row.agent_id == null ? null : String(row.agent_id) },
        ]),
      );
    });
  }

  /** The details of each bridge; undefined for one the platform does not have. */
  async #bridgeDetails(slugs: readonly string[]): Promise<Map<string, BridgeDetail | undefined>> {
    const read = (slug: string) =>
      once(this.#bridges, slug, () =>
        this.#send(() => this.#client.bridges.retrieve(slug, this.#scope)).catch(absentWhenNotFound),
      );
    return new Map(await Promise.all(slugs.map(async (slug) => [slug, await read(slug)] as const)));
  }

  /** Each agent's scheduled follow-ups by number; undefined for an agent the platform does not have. */
  async #followUps(agents: readonly string[]): Promise<Map<string, Map<string, FollowUps> | undefined>> {
    const read = (agent: string) =>
      once(this.#agents, agent, async () => {
        const found = new Map<string, FollowUps>();
        try {
          const tasks = this.#client.tasks.listByAgent(agent, { page_size: LARGEST_PAGE }, this.#scope);
          let page = await this.#send(() => tasks);
          addFollowUps(found, page.data, this.#now);
          while (page.hasNextPage()) {
            const current = page;
            page = await this.#send(() => current.getNextPage());
            addFollowUps(found, page.data, this.#now);
          }
        } catch (err) {
          return absentWhenNotFound(err);
        }
        return found;
      });
    return new Map(await Promise.all(agents.map(async (agent) => [agent, await read(agent)] as const)));
  }
}

/**
 * The notes of touches whose numbers the platform cannot name: trunks, and configurations (with
 * the numbers of theirs that links changed in the same plan name).
 */
function unnamedNotes(touches: readonly Touch[], touched: readonly TouchedNumber[]): string[] {
  return touches.flatMap((touch) => {
    if (touch.kind === "trunk") return [trunkNote(touch)];
    if (touch.kind !== "configuration") return [];
    const own = touched.filter((n) => touch.id !== undefined && n.configurationId === touch.id);
    return [
      configurationNote(
        touch,
        own.map((n) => n.number),
      ),
    ];
  });
}

/** A 404 means the record is not there; any other failure is the read's. */
function absentWhenNotFound(err: unknown): undefined {
  if (err instanceof NotFoundError) return undefined;
  throw err;
}
