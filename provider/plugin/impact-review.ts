/**
 * The native provider's impact warnings: with `impact` on, a diff that changes or replaces a resource
 * warns, under that resource, of each number whose live calls the change affects (level low or high),
 * saying whether the stack has acknowledged it, plus what the read could not know. Off (the default),
 * it reads nothing. Engine-free but for the log it writes to.
 */
import type { VoiceClient } from "../../sdk";
import { type ImpactSettings, type SettingsOwner, settingName } from "../connection/config";
import { perConnection } from "../connection/connection-scope";
import { runtimeContext } from "../connection/context-cache";
import {
  Acknowledgements,
  formatNumberImpact,
  type ImpactOptionsInput,
  type ImpactReport,
  OrganizationTraffic,
  type ResourceChange,
  touchesOf,
} from "../impact";
import type { ResourceDescriptor } from "../runtime/descriptor";
import { resourceName } from "../urn/urn";
import type { EngineLog } from "./engine-log";

/**
 * Said once per process when the review is on: the engine asks a provider nothing at preview about a
 * resource removed from the program, so no warning can cover its deletion.
 */
export const DELETIONS_NOTE =
  "Impact warnings cover the resources this run changes or replaces. A resource removed from the program " +
  "(or destroyed) is deleted without the provider being asked first, so what its deletion does to live " +
  "calls is not shown here: `pulumi-voice-platform report --impact` covers deletions too.";

/** The connection's client, once its organization guard has passed (the shared rate budget paces it). */
export type ClientSource = () => Promise<VoiceClient>;

/** Warns of a change's impact on live calls, through one traffic reader per organization per configuration. */
export class ImpactReview {
  // A configuration's: per connection in a plugin engines attach to, as its context is (`connection-scope.ts`).
  readonly #configured = perConnection<{
    settings: ImpactSettings;
    owner: SettingsOwner;
    traffic: Map<string, OrganizationTraffic>;
  }>(() => ({ settings: {}, owner: {}, traffic: new Map() }));
  #noted = false;

  constructor(
    private readonly log: EngineLog,
    private readonly client: ClientSource = () => runtimeContext().ready(),
  ) {}

  /** A new engine run in a shared plugin process: the note said once per process is said once per run. */
  newRun(): void {
    this.#noted = false;
  }

  /** A new configuration: its settings, and every read made afresh. */
  configure(settings: ImpactSettings, owner: SettingsOwner): void {
    Object.assign(this.#configured(), { settings, owner, traffic: new Map() });
    if (settings.impact === true && !this.#noted) {
      this.#noted = true;
      void this.log.info(DELETIONS_NOTE);
    }
  }

  /** Warns of what `change` (an update or a replacement) of the resource at `urn` does to live calls; never throws. */
  async review(urn: string, descriptor: ResourceDescriptor, change: ResourceChange): Promise<void> {
    if (this.#configured().settings.impact !== true) return;
    const touches = touchesOf(descriptor, change, urn);
    if (touches.length === 0) return;
    let report: ImpactReport;
    try {
      report = await (await this.#reader()).impactOf(touches);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      await this.log.warn(`impact on live calls not shown: a read it needs failed (${why})`, urn);
      return;
    }
    const warnings = report.numbers
      .filter((n) => n.level !== "none")
      .map((n) => `${formatNumberImpact(n, report)} — ${this.#acknowledgement(urn)}`);
    await Promise.all([...warnings, ...report.notes].map((message) => this.log.warn(message, urn)));
  }

  /** The traffic reader of the client's organization, made once per configuration. */
  async #reader(): Promise<OrganizationTraffic> {
    const client = await this.client();
    const organization = client.orgHandle ?? "";
    const { settings, traffic } = this.#configured();
    let reader = traffic.get(organization);
    if (reader === undefined) {
      const { impactWindowDays: windowDays, impactRecentHours: recentHours } = settings;
      const options: ImpactOptionsInput = {
        ...(windowDays === undefined ? {} : { windowDays }),
        ...(recentHours === undefined ? {} : { recentHours }),
      };
      reader = new OrganizationTraffic(client, options);
      traffic.set(organization, reader);
    }
    return reader;
  }

  /** Whether the stack accepts the impact of the resource at `urn`, and where to say so if not. */
  #acknowledgement(urn: string): string {
    const { settings, owner } = this.#configured();
    const acknowledged = settings.acknowledgeImpact ?? new Acknowledgements();
    const setting = settingName("acknowledgeImpact", owner);
    if (!acknowledged.has(urn))
      return `not acknowledged: add {resource: ${resourceName(urn)}} to ${setting} to accept it`;
    const reason = acknowledged.reason(urn);
    return `acknowledged in ${setting}${reason === "" ? "" : `: ${reason}`}`;
  }
}
