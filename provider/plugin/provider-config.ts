/**
 * A provider's own inputs (`baseUrl`, `token`, `orgHandle`, ...): checked and diffed here, since the
 * library's server answers CheckConfig and DiffConfig with UNIMPLEMENTED (see `gaps.ts`). The engine
 * sends the default provider the `voice:*` stack config and an explicit provider its inputs, alike.
 */
import { Settings, type SettingsOwner, settingName, VoiceConfigError } from "../connection/config";
import { contextFor } from "../connection/context-cache";
import {
  configKey,
  SECRET_SETTINGS,
  SETTING_NAMES,
  type SettingName,
  settingOf,
} from "../connection/settings";
import { isUnknown } from "../runtime/fields";
import { secret, unwrapSecrets } from "./secrets";

type Props = Record<string, unknown>;

/** A failed provider input: the property and why, never its value. */
export interface ConfigFailure {
  readonly property: string;
  readonly reason: string;
}

/**
 * Present values as the runtime reads them: text, as stack config is (an input may be a number, a
 * boolean, or a list such as the acknowledgements: JSON, as the engine writes a non-text config value).
 */
function present(news: Props): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of SETTING_NAMES) {
    const value = unwrapSecrets(news[name]);
    if (value === undefined || value === null || value === "") continue;
    values[name] = typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return values;
}

/** The property a failure names: the engine prints its value, so a secret setting's is never named. */
const propertyOf = (name: SettingName): string => (settingOf(name).secret ? "" : name);

/**
 * The checked inputs (the secret ones marked secret, whatever the program passed) and a failure naming
 * each invalid input (the default provider's by its stack config key, `voice:<name>`). A missing
 * value is not a failure here: it may come from the `VOICE_*` environment, and the runtime names
 * what is missing when it is first needed.
 */
export function checkProviderConfig(
  news: Props,
  owner: SettingsOwner = {},
): { inputs: Props; failures: ConfigFailure[] } {
  const parsed = Settings.partial().safeParse(present(news));
  const failures = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        // The settings' schema is an object of settings: each issue is at one of them.
        const name = issue.path[0] as SettingName;
        const shown = owner.defaultProvider ? settingName(name) : name;
        return { property: propertyOf(name), reason: `${shown} ${issue.message}` };
      });
  const inputs: Props = { ...news };
  for (const name of SECRET_SETTINGS) {
    const value = inputs[name];
    if (value !== undefined && value !== null) inputs[name] = secret(unwrapSecrets(value));
  }
  return { inputs, failures };
}

/**
 * The inputs that changed, and which of them replace the provider (and so its resources). Only a
 * known old value replaces: the engine also asks when a resource moves to this provider from another
 * package's (the dynamic provider, on a migration with aliases), whose inputs hold none of ours.
 */
export function diffProviderConfig(olds: Props, news: Props): { changed: string[]; replaces: string[] } {
  const [before, after] = [present(olds), present(news)];
  const changed = SETTING_NAMES.filter((name) => before[name] !== after[name]);
  return { changed, replaces: changed.filter((name) => settingOf(name).replaces && name in before) };
}

/**
 * Whose settings a provider's requests carry: the engine names the default provider of a package
 * `default` (or `default_<version>`); any other name is an explicit provider's.
 */
export function settingsOwner(name: string | undefined): SettingsOwner {
  return name === undefined || name === "" || /^default(_.*)?$/.test(name)
    ? { defaultProvider: true }
    : { provider: name };
}

/** The runtime's lookup (`voice:<name>`) over a provider's inputs. */
export function inputsLookup(news: Props): (key: string) => string | undefined {
  const values = present(news);
  const byKey = new Map(SETTING_NAMES.map((name) => [configKey(name), values[name]]));
  return (key) => byKey.get(key);
}

/**
 * Connects with the provider's settings as the runtime will (environment fallbacks included) and
 * checks the organization against the token's, so a wrong `orgHandle`, a refused token or a missing
 * setting fails the preview, before any resource is created, naming the property. Settings not
 * known yet (computed from other resources) are checked when the provider is used.
 */
export async function checkConnection(news: Props, owner: SettingsOwner): Promise<ConfigFailure[]> {
  if (SETTING_NAMES.some((name) => isUnknown(unwrapSecrets(news[name])))) return [];
  try {
    // The context the runtime's configure then finds again: its guard is not asked twice.
    await contextFor(inputsLookup(news), owner).ready();
    return [];
  } catch (err) {
    if (!(err instanceof VoiceConfigError)) throw err;
    const [only, ...more] = err.settings;
    const property = only === undefined || more.length > 0 ? "" : propertyOf(only);
    return [{ property, reason: err.message }];
  }
}
