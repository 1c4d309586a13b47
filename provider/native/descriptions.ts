import type { ResourceName } from "./resources";

/** What a resource is and what each of its properties (inputs and outputs) means: the schema's text. */
export interface ResourceText {
  readonly description: string;
  readonly properties: Readonly<Record<string, string>>;
}

const adopt =
  'On create, take over a live object with the same key instead of failing: `true` when it already matches, `"overwrite"` to update it to the declared values.';

/** The descriptions of the four resources. */
export const RESOURCE_TEXT: Readonly<Record<ResourceName, ResourceText>> = {
  ProviderConfiguration: {
    description: "A telephony provider account (e.g. Twilio) connected to the organization.",
    properties: {
      provider: "The provider's slug from the platform's catalogue, e.g. `twilio`; a change replaces.",
      accountSid: "The account identifier at the provider (Twilio's Account SID).",
      authToken: "The provider account's auth token; write-only on the platform, kept as a secret in state.",
      adopt,
      configurationId: "The platform's id of the configuration.",
      createdAt: "When the platform created the configuration (ISO 8601), if it says.",
    },
  },
  Bridge: {
    description: "A bridge: the platform object that routes calls from phone numbers to an agent.",
    properties: {
      name: "The bridge's display name.",
      slug: "The bridge's slug, its key on the platform and the resource id; a change replaces.",
      adopt,
      bridgeId: "The platform's numeric id of the bridge.",
      createdAt: "When the platform created the bridge (ISO 8601), if it says.",
    },
  },
  BridgeNumber: {
    description:
      "A phone number of a provider configuration linked to a bridge; the id is `<bridgeSlug>/<providerConfigurationId>/<phoneNumber>`.",
    properties: {
      bridgeSlug: "The slug of the bridge the number is linked to.",
      providerConfigurationId: "The id of the provider configuration that owns the number.",
      phoneNumber: "The phone number in E.164 form, e.g. `+14155550100`.",
      adopt,
      numberId: "The platform's id of the linked number.",
      state: "The number's state on the platform, if it says.",
      active: "Whether the number is active, if the platform says.",
      channelsCount: "The number of call channels, if the platform says.",
      status: "The number's status on the platform, if it says.",
    },
  },
  SipTrunk: {
    description: "A SIP trunk of the organization: where the platform sends and receives SIP calls.",
    properties: {
      name: "The trunk's name.",
      sipUrl: "The SIP URI of the trunk, e.g. `sip:pbx.example.com`.",
      transport: "The SIP transport: `tcp` (the default), `udp` or `tls`.",
      port: 'The SIP port as a string; `"5060"` by default.',
      authUsername: "The SIP digest username, if the trunk authenticates.",
      authPassword: "The SIP digest password; the platform only shows a mask, kept as a secret in state.",
      allowedIps: "The IP addresses allowed to send calls, as a set (order and duplicates do not matter).",
      adopt,
      trunkId: "The platform's id of the trunk.",
      active: "Whether the trunk is active.",
      orgHandle: "The handle of the organization owning the trunk, if the platform says.",
      createdAt: "When the platform created the trunk (ISO 8601), if it says.",
    },
  },
};

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
