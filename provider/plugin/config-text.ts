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
};
