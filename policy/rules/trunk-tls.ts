import { SipTrunkInputs } from "../../provider/resources/sip-trunk/schema";
import { isProduction, type ProductionConfig } from "../production";
import { describe, NOT_YET_KNOWN, type Value, type VoiceResource } from "../voice-resource";

/** Config of {@link trunkTlsViolations}. */
export interface TrunkTlsConfig extends ProductionConfig {
  /** The port TLS trunks must use. */
  tlsPort?: string;
}

/** The usual SIP over TLS port (RFC 3261). */
export const DEFAULT_TLS_PORT = "5061";

// What the platform assumes for an omitted transport or port: the provider's own defaults.
const PLATFORM_DEFAULTS = SipTrunkInputs.pick({ transport: true, port: true }).parse({});

const text = (value: Value, fallback: string): string | undefined =>
  value === NOT_YET_KNOWN
    ? undefined
    : value === undefined || value === null
      ? fallback
      : String(value).trim();

/** In a production stack a SIP trunk must use `tls` on the TLS port: signalling (and its credentials) encrypted. */
export function trunkTlsViolations(trunk: VoiceResource, stack: string, config: TrunkTlsConfig): string[] {
  if (trunk.type !== "SipTrunk" || !isProduction(stack, config)) return [];
  const where = `in production stack "${stack}"`;
  const messages: string[] = [];
  const transport = text(trunk.props.transport, PLATFORM_DEFAULTS.transport)?.toLowerCase();
  if (transport !== undefined && transport !== "tls") {
    messages.push(`${describe(trunk)}: transport is "${transport}"; SIP trunks ${where} must use "tls"`);
  }
  const port = text(trunk.props.port, PLATFORM_DEFAULTS.port);
  const tlsPort = config.tlsPort ?? DEFAULT_TLS_PORT;
  if (port !== undefined && port !== tlsPort) {
    messages.push(`${describe(trunk)}: port is ${port}; SIP trunks ${where} use the TLS port ${tlsPort}`);
  }
  return messages;
}
