import type { ResourceType } from "../../provider/resources/registry";
import { isProduction, type ProductionConfig } from "../production";
import { describe, type VoiceResource } from "../voice-resource";

/** Config of {@link protectViolations}. */
export interface ProtectConfig extends ProductionConfig {
  /** The resource types that must be protected. */
  types?: ResourceType[];
}

/** What a deletion would cost most: the provider credentials and the bridges numbers hang on. */
export const DEFAULT_PROTECTED_TYPES: readonly ResourceType[] = ["ProviderConfiguration", "Bridge"];

/** In a production stack, provider configurations and bridges carry `protect`, so deleting them takes two steps. */
export function protectViolations(resource: VoiceResource, stack: string, config: ProtectConfig): string[] {
  const types = config.types ?? DEFAULT_PROTECTED_TYPES;
  if (!types.includes(resource.type) || resource.protect || !isProduction(stack, config)) return [];
  return [
    `${describe(resource)} is not protected; in production stack "${stack}" set the resource option ` +
      "`protect: true`, so that removing it from the code cannot delete it",
  ];
}
