import { z } from "zod";
import {
  configKey,
  describedInline,
  envVariable,
  IMPACT_SETTINGS,
  SETTING_NAMES,
  SETTINGS,
  type SettingName,
  settingOf,
  shapeOf,
} from "./settings";

/** The settings' schema: what each value must be. */
export const Settings = z.object(shapeOf(SETTINGS));

const ImpactOnly = z.object(shapeOf(IMPACT_SETTINGS));

/** Connection settings for the platform, resolved from stack config with environment fallbacks. */
export type VoiceSettings = z.infer<typeof Settings>;

/** The impact settings alone, as {@link resolveImpactSettings} answers them. */
export type ImpactSettings = z.infer<typeof ImpactOnly>;

/** A configuration problem; the message names the config key and the environment variable to set. */
export class VoiceConfigError extends Error {
  override readonly name = "VoiceConfigError";

  /** `settings`: the settings at fault (`orgHandle`, ...), so a provider's check can name the property. */
  constructor(message: string, options?: ErrorOptions & { settings?: readonly SettingName[] }) {
    super(message, options);
    this.settings = options?.settings ?? [];
  }

  readonly settings: readonly SettingName[];
}

/**
 * Whose settings are resolved, so advice points where they are set: the stack's `voice:*` config
 * (dynamic resources, data sources, the native default provider), or an explicit provider's inputs.
 */
export interface SettingsOwner {
  /** An explicit provider's resource name. */
  readonly provider?: string;
  /** The native default provider, which `pulumi import` uses unless told `--provider`. */
  readonly defaultProvider?: boolean;
  /**
   * A command of the package's command line (`export`), which reads its settings from its options
   * (e.g. `{baseUrl: "--base-url"}`) and the environment, never from a stack.
   */
  readonly command?: { readonly flags: Partial<Record<SettingName, string>> };
}

/** How to set one setting: the explicit provider's property, or the stack config key; the environment either way. */
export function settingAdvice(name: SettingName, owner: SettingsOwner = {}, value = "<value>"): string {
  const key = configKey(name);
  const env = envVariable(name);
  if (owner.command !== undefined) {
    const flag = owner.command.flags[name];
    const either = [flag && `pass ${flag} ${value}`, env && `set ${env}`].filter(Boolean).join(" or ");
    return either === "" ? `${key} cannot be set for this command` : either;
  }
  if (owner.provider !== undefined)
    return `set the \`${name}\` property of provider "${owner.provider}"${env === undefined ? "" : ` (or ${env})`}`;
  const secret = settingOf(name).secret ? " --secret" : "";
  return `run \`pulumi config set ${key} ${value}${secret}\`${env === undefined ? "" : ` or set ${env}`}`;
}

/**
 * One setting (and its value, when given) as its owner knows it: `voice:orgHandle "acme"`, or the
 * property `orgHandle "acme" of provider "globex"`.
 */
export function settingName(name: SettingName, owner: SettingsOwner = {}, value?: string): string {
  const shown = value === undefined ? "" : ` "${value}"`;
  if (owner.command !== undefined)
    return `${owner.command.flags[name] ?? envVariable(name) ?? configKey(name)}${shown}`;
  return owner.provider === undefined
    ? `${configKey(name)}${shown}`
    : `${name}${shown} of provider "${owner.provider}"`;
}

/** Said of a native default provider without settings: `pulumi import` may have needed an explicit one. */
const IMPORT_HINT =
  "if this program uses explicit providers, pass `--provider <name>=<urn>` to `pulumi import` " +
  "(the provider's URN is in `pulumi stack --show-urns`)";

/** What a message says of a required setting: its description, its hint, and that a secret is set as one. */
function hintOf(name: SettingName): string {
  const { required, hint, secret } = settingOf(name);
  if (!required) return "";
  return ` (${describedInline(name)}${hint ? ` (${hint})` : ""}${secret ? "; set it as a secret" : ""})`;
}

/** A key/value lookup, e.g. the dynamic provider's `req.config.get` or `pulumi.runtime.getConfig`. */
export type ConfigLookup = (key: string) => string | undefined;

/** The raw values a lookup yields, to tell whether a new configuration differs from the current one. */
export function configFingerprint(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): string {
  return JSON.stringify(SETTING_NAMES.map((name) => raw(name, lookup, env) ?? null));
}

/** A setting's value as given: its stack config key, else its environment variable; empty is absent. */
function raw(name: SettingName, lookup: ConfigLookup, env: NodeJS.ProcessEnv): string | undefined {
  const variable = envVariable(name);
  const value = lookup(configKey(name)) ?? (variable === undefined ? undefined : env[variable]);
  return value === "" ? undefined : value;
}

/**
 * The settings `schema` holds, parsed; throws a {@link VoiceConfigError} under `heading` that names
 * `voice:<key>` (or the provider's property) and its environment variable for every missing or
 * invalid value.
 */
function resolveWith<S extends z.ZodObject>(
  schema: S,
  heading: string,
  lookup: ConfigLookup,
  env: NodeJS.ProcessEnv,
  owner: SettingsOwner,
): z.output<S> {
  const given: Partial<Record<SettingName, string>> = {};
  for (const name of SETTING_NAMES) {
    const value = name in schema.shape ? raw(name, lookup, env) : undefined;
    if (value !== undefined) given[name] = value;
  }
  const parsed = schema.safeParse(given);
  if (parsed.success) return parsed.data;
  const names = parsed.error.issues.map((issue) => issue.path[0] as SettingName);
  const problems = parsed.error.issues.map((issue, i) => {
    const name = names[i] as SettingName;
    const what = given[name] === undefined ? "is not set" : issue.message;
    return `${settingName(name, owner)} ${what}: ${settingAdvice(name, owner)}${hintOf(name)}`;
  });
  const whose = owner.defaultProvider ? " for the default provider" : "";
  // A default provider lacking settings may be one `pulumi import` picked instead of an explicit one.
  const missing = names.some((name) => given[name] === undefined);
  const after = owner.defaultProvider && missing ? `\n  ${IMPORT_HINT}` : "";
  throw new VoiceConfigError(`${heading}${whose}:\n  ${problems.join("\n  ")}${after}`, {
    settings: [...new Set(names)],
  });
}

/**
 * Resolves the settings; throws a {@link VoiceConfigError} that names `voice:<key>` and its
 * environment variable for every missing or invalid value.
 */
export function resolveSettings(
  lookup: ConfigLookup,
  env: NodeJS.ProcessEnv = process.env,
  owner: SettingsOwner = {},
): VoiceSettings {
  return resolveWith(Settings, "Voice platform configuration is incomplete", lookup, env, owner);
}

/** Resolves the impact settings alone (no connection setting is needed for them); throws as {@link resolveSettings} does. */
export function resolveImpactSettings(
  lookup: ConfigLookup,
  env: NodeJS.ProcessEnv = process.env,
  owner: SettingsOwner = {},
): ImpactSettings {
  return resolveWith(ImpactOnly, "Voice impact settings are invalid", lookup, env, owner);
}
