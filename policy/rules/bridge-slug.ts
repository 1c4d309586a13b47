import { describe, knownString, type VoiceResource } from "../voice-resource";

/** Config of {@link bridgeSlugViolations}. */
export interface BridgeSlugConfig {
  /** A regular expression every bridge slug must match. */
  pattern?: string;
}

/** Lowercase words joined by single hyphens, starting with a letter: `support`, `sales-emea`. */
export const DEFAULT_SLUG_PATTERN = "^[a-z][a-z0-9]*(-[a-z0-9]+)*$";

/** A bridge's slug follows the team's naming rule. */
export function bridgeSlugViolations(bridge: VoiceResource, config: BridgeSlugConfig): string[] {
  const slug = knownString(bridge.props.slug);
  if (bridge.type !== "Bridge" || slug === undefined) return [];
  const pattern = config.pattern ?? DEFAULT_SLUG_PATTERN;
  if (new RegExp(pattern).test(slug.trim())) return [];
  return [`${describe(bridge)}: slug "${slug}" does not follow the naming rule /${pattern}/`];
}
