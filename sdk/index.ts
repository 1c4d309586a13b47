export { resolveBaseUrl, VoiceClient, type VoiceClientOptions } from "./client";
export { type AuthStrategy, SchemeAuth } from "./core/auth";
export type { ListResult } from "./core/envelope";
export * from "./core/errors";
export { Page, type PageParams, PagePromise } from "./core/pagination";
export { backoffMs, type HttpMethod, isRetryable, parseRetryAfterMs, retryDelayMs } from "./core/retry";
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
  IpOrCidr,
  NonEmpty,
  normalizeE164,
  Port,
  SipTransport,
  SLUG_PATTERN,
  Slug,
} from "./core/validate";
export * from "./resources/agents";
export * from "./resources/bridges";
export * from "./resources/numbers";
export * from "./resources/organizations";
export * from "./resources/overview";
export * from "./resources/provider-configurations";
export * from "./resources/providers";
export * from "./resources/spaces";
export * from "./resources/trunks";
