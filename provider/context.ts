import { AuthenticationError, ConnectionError, TimeoutError, VoiceClient } from "../sdk";
import { BridgeDetails } from "./bridge-details";
import { type ConfigLookup, resolveSettings, VoiceConfigError } from "./config";

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
  /** Shared reads of bridge details, so parallel links and refreshes of one bridge cost one request. */
  readonly bridgeDetails = new BridgeDetails(() => this.ready());

  constructor(private readonly lookup: ConfigLookup) {}

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
      const settings = resolveSettings(this.lookup);
      return { attempts: (settings.maxRetries ?? 3) + 1, baseDelayMs: settings.retryBaseDelayMs ?? 500 };
    })();
    return this.#settlePolicy;
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
    const settings = resolveSettings(this.lookup);
    const client = new VoiceClient({ ...settings, userAgent: USER_AGENT });
    let handles: string[];
    try {
      handles = (await client.organizations.list()).data.map((o) => o.domain_handle);
    } catch (err) {
      if (err instanceof AuthenticationError) {
        throw new VoiceConfigError(
          `The platform refused voice:token (${err.message}): set a valid token with \`pulumi config set voice:token <token> --secret\` or VOICE_TOKEN`,
        );
      }
      if (err instanceof ConnectionError || err instanceof TimeoutError) {
        throw new VoiceConfigError(
          `The voice platform at ${settings.baseUrl} cannot be reached (${err.message}): check voice:baseUrl (or VOICE_BASE_URL) and that the platform is up`,
          { cause: err },
        );
      }
      throw err;
    }
    if (!handles.includes(settings.orgHandle)) {
      throw new VoiceConfigError(
        `voice:orgHandle "${settings.orgHandle}" is not an organization this token can use ` +
          `(it can use: ${handles.join(", ") || "none"}): run \`pulumi config set voice:orgHandle <handle>\` or set VOICE_ORG_HANDLE`,
      );
    }
    return client;
  }
}
