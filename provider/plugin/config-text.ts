/** The provider's configuration: its inputs, and the `voice:<key>` stack config of the default provider. */
export const CONFIG_TEXT: Readonly<Record<string, string>> = {
  baseUrl: "The platform's base URL (env `VOICE_BASE_URL`).",
  token: "The platform API token, a secret (env `VOICE_TOKEN`).",
  orgHandle: "The organization's `domain_handle` from `getOrganizations` (env `VOICE_ORG_HANDLE`).",
  productId: "The product id, if the platform needs one (env `VOICE_PRODUCT_ID`).",
  maxRetries: "How many times a failed request is retried (env `VOICE_MAX_RETRIES`).",
  retryBaseDelayMs:
    "The first retry's delay in milliseconds, doubled per retry (env `VOICE_RETRY_BASE_DELAY_MS`).",
  timeoutMs: "A request's timeout in milliseconds (env `VOICE_TIMEOUT_MS`).",
  maxConcurrency: "The most requests in flight at once (env `VOICE_MAX_CONCURRENCY`).",
  impact:
    "Whether the native provider's previews warn, under each resource changed, of what the change does to live calls: each number moved or disconnected, with its calls, live channels, agent and follow-ups (default false: nothing is read; env `VOICE_IMPACT`).",
  impactWindowDays:
    "How many days of call records the impact warnings read, more than 0 (default 7; env `VOICE_IMPACT_WINDOW_DAYS`).",
  impactRecentHours:
    "Calls within this many hours make a number's impact high, more than 0 (default 24; env `VOICE_IMPACT_RECENT_HOURS`).",
  acknowledgeImpact:
    "The resources whose impact on live calls is accepted, a list of `{resource, reason}` naming each by its name in the program; their warnings say so.",
};
