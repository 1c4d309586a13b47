export { resolveBaseUrl, VoiceClient, type VoiceClientOptions } from "./client";
export { type AuthStrategy, SchemeAuth } from "./core/auth";
export { RETRY_DEFAULTS } from "./core/client-options";
export type { ListResult } from "./core/envelope";
export * from "./core/errors";
export { canonicalAddress, canonicalIpOrCidr, splitAllowedIps } from "./core/ip";
export { Page, type PageParams, PagePromise } from "./core/pagination";
export { backoffMs, type HttpMethod, isRetryable, parseRetryAfterMs, retryDelayMs } from "./core/retry";
export { isHostName, isSipHost, isSipUrl, SIP_URL_MAX } from "./core/sip-url";
export {
  type Logger,
  type RequestOptions,
  SDK_VERSION,
  Transport,
  type TransportConfig,
} from "./core/transport";
export {
  E164,
  Id,
  IdLike,
  IpOrCidr,
  NonEmpty,
  normalizeE164,
  Port,
  Secret255,
  SipTransport,
  SipUrl,
  SLUG_PATTERN,
  Slug,
  stripPhoneSeparators,
  Text255,
} from "./core/validate";
export { InferenceClient, type InferenceClientOptions } from "./inference-client";
export * from "./resources/agents";
export * from "./resources/analytics";
export * from "./resources/bridges";
export * from "./resources/cdr";
export * from "./resources/chat";
export * from "./resources/numbers";
export * from "./resources/organizations";
export * from "./resources/overview";
export * from "./resources/provider-configurations";
export * from "./resources/providers";
export * from "./resources/runs";
export * from "./resources/spaces";
export * from "./resources/tasks";
export * from "./resources/trunks";
