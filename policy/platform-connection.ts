import {
  type ConfigLookup,
  configFingerprint,
  Settings,
  type SettingsOwner,
} from "../provider/connection/config";
import { inputsLookup, settingsOwner } from "../provider/plugin/provider-config";
import { NOT_YET_KNOWN, type VoiceResource } from "./voice-resource";

/** How a resource reaches the platform: the settings its provider resolves, as the provider would. */
export interface PlatformConnection {
  /** The same for resources whose settings resolve alike (environment fallbacks included). */
  key: string;
  lookup: ConfigLookup;
  owner: SettingsOwner;
}

const SETTING_NAMES: readonly string[] = Object.keys(Settings.shape);

/**
 * The connection of a resource: an explicit native provider's inputs, else the stack's `voice:*`
 * config (the dynamic resources' and the native default provider's); `unknown` when an explicit
 * provider's settings are not known until apply.
 */
export function connectionOf(
  resource: VoiceResource,
  stackConfig: ConfigLookup,
): PlatformConnection | { unknown: string } {
  const provider = resource.provider;
  const owner = provider === undefined ? {} : settingsOwner(provider.name);
  if (provider === undefined || owner.provider === undefined) {
    return { key: configFingerprint(stackConfig), lookup: stackConfig, owner: {} };
  }
  const unknown = SETTING_NAMES.filter((name) => provider.props[name] === NOT_YET_KNOWN);
  if (unknown.length > 0)
    return { unknown: `provider '${provider.name}' ${unknown.join(", ")} not known until apply` };
  const lookup = inputsLookup(provider.props);
  return { key: configFingerprint(lookup), lookup, owner };
}
