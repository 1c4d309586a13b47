import { AuthenticationError, ConnectionError, RETRY_DEFAULTS, TimeoutError, VoiceClient } from "../../sdk";
import { closestName } from "./closest";
import {
  type ConfigLookup,
  resolveSettings,
  type SettingsOwner,
  settingAdvice,
  settingName,
  VoiceConfigError,
} from "./config";
import { requestLogger } from "./request-log";
import { envVariable } from "./settings";

/** Default user agent, so platform logs tell provider traffic apart. */
const USER_AGENT = "pulumi-voice-platform";

/** A failed lookup is not cached: the next call tries again, so a fixed config or a passing outage takes effect. */
function forgetOnFailure<T>(attempt: Promise<T>, forget: () => void): Promise<T> {
  attempt.catch(forget);
  return attempt;
}

/**
 * One configured connection to the platform per process: builds the client on first use, checks
 * the organization handle against the organizations list once, and caches the provider catalogue.
 */
export class VoiceContext {
  #ready: Promise<VoiceClient> | undefined;
  #catalogue: Promise<readonly string[]> | undefined;
  #settlePolicy: { attempts: number; baseDelayMs: number } | undefined;
  #organizations: { current: string; usable: readonly string[] } | undefined;

  /**
   * `owner`: whose settings these are, so a configuration error says where to fix them; `usable`: the
   * organizations the token can use, when another context of the same token has listed them already.
   */
  constructor(
    private readonly lookup: ConfigLookup,
    private readonly owner: SettingsOwner = {},
    private readonly usable?: readonly string[],
  ) {}

  /** The client, after the organization guard has passed. */
  ready(): Promise<VoiceClient> {
    this.#ready ??= forgetOnFailure(this.#connect(), () => {
      this.#ready = undefined;
    });
    return this.#ready;
  }

  /** How writes whose answer was lost are settled: as many attempts as the SDK's (`voice:maxRetries` + 1), the same backoff base. */
  settlePolicy(): { attempts: number; baseDelayMs: number } {
    // A context's configuration never changes (a new one makes a new context): resolve it once.
    this.#settlePolicy ??= (() => {
      const settings = resolveSettings(this.lookup, process.env, this.owner);
      return {
        attempts: (settings.maxRetries ?? RETRY_DEFAULTS.maxRetries) + 1,
        baseDelayMs: settings.retryBaseDelayMs ?? RETRY_DEFAULTS.retryBaseDelayMs,
      };
    })();
    return this.#settlePolicy;
  }

  /** The organization this context works in and all those the token can use (after the guard). */
  async organizations(): Promise<{ current: string; usable: readonly string[] }> {
    await this.ready();
    if (!this.#organizations) throw new Error("the organization guard passed without listing organizations");
    return this.#organizations;
  }

  /** The same connection settings in another organization the token can use (the organizations listed once, here). */
  inOrganization(handle: string): VoiceContext {
    return new VoiceContext(
      (key) => (key === "voice:orgHandle" ? handle : this.lookup(key)),
      this.owner,
      this.#organizations?.usable,
    );
  }

  /** Slugs of the platform's telephony provider catalogue, fetched once. */
  catalogue(): Promise<readonly string[]> {
    this.#catalogue ??= forgetOnFailure(
      this.ready().then(async (client) => (await client.providers.list()).data.map((p) => p.slug)),
      () => {
        this.#catalogue = undefined;
      },
    );
    return this.#catalogue;
  }

  async #connect(): Promise<VoiceClient> {
    const settings = resolveSettings(this.lookup, process.env, this.owner);
    const client = new VoiceClient({ ...settings, userAgent: USER_AGENT, logger: requestLogger() });
    let handles: readonly string[];
    try {
      handles = this.usable ?? (await client.organizations.list()).data.map((o) => o.domain_handle);
    } catch (err) {
      if (err instanceof AuthenticationError) {
        throw new VoiceConfigError(
          `The platform refused ${settingName("token", this.owner)} (${err.message}): ${settingAdvice("token", this.owner, "<token>")} with a valid token`,
          { settings: ["token"] },
        );
      }
      if (err instanceof ConnectionError || err instanceof TimeoutError) {
        throw new VoiceConfigError(
          `The voice platform at ${settings.baseUrl} cannot be reached (${err.message}): check ${settingName("baseUrl", this.owner)} (or ${envVariable("baseUrl")}) and that the platform is up`,
          { cause: err, settings: ["baseUrl"] },
        );
      }
      throw err;
    }
    if (!handles.includes(settings.orgHandle)) {
      throw new VoiceConfigError(
        `${settingName("orgHandle", this.owner, settings.orgHandle)} is not an organization this token can use ` +
          `(${usableOrganizations(settings.orgHandle, handles)}): ${settingAdvice("orgHandle", this.owner, "<handle>")}`,
        { settings: ["orgHandle"] },
      );
    }
    this.#organizations = { current: settings.orgHandle, usable: handles };
    return client;
  }
}

/** The most organizations a message lists: a fleet's token can use hundreds, and a cause stays one short line. */
const LISTED_ORGANIZATIONS = 5;

/** The organizations a token can use, for a message: all of a few, else how many and the closest to `wanted`. */
function usableOrganizations(wanted: string, handles: readonly string[]): string {
  if (handles.length === 0) return "it can use none";
  if (handles.length <= LISTED_ORGANIZATIONS) return `it can use: ${handles.join(", ")}`;
  const closest = closestName(wanted, handles);
  return `it can use ${handles.length} organizations${closest ? `; did you mean ${closest}?` : ""}`;
}
