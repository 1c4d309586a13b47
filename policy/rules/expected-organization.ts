import { describe, knownString, NOT_YET_KNOWN, type VoiceResource } from "../voice-resource";

/** Config of {@link organizationViolations}. */
export interface OrganizationConfig {
  /** The platform organization (`domain_handle`) this stack must manage. */
  orgHandle?: string;
}

/** Where the dynamic resources' organization comes from: the stack config key and its environment fallback. */
export interface StackOrganization {
  /** `voice:orgHandle`, else `VOICE_ORG_HANDLE`, else nothing. */
  orgHandle?: string;
  /** How the message names where it came from. */
  source: string;
}

/**
 * Each resource is managed in the expected organization: the one its native provider was configured
 * with, else the stack's (what the dynamic resources and a native default provider use).
 */
export function organizationViolations(
  resource: VoiceResource,
  config: OrganizationConfig,
  stack: StackOrganization,
): string[] {
  const expected = config.orgHandle;
  const provider = resource.provider;
  if (expected === undefined || provider?.props.orgHandle === NOT_YET_KNOWN) return [];
  const fromProvider = provider && knownString(provider.props.orgHandle);
  const [orgHandle, source] =
    provider && fromProvider !== undefined
      ? [fromProvider, `provider '${provider.name}' orgHandle`]
      : [stack.orgHandle, stack.source];
  if (orgHandle === expected) return [];
  const found = orgHandle === undefined ? "no organization is set" : `the organization is "${orgHandle}"`;
  return [`${describe(resource)}: ${found} (${source}); this stack must manage organization "${expected}"`];
}
