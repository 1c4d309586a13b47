import { z } from "zod";
import { InvalidArgumentError, resolveBaseUrl } from "../../sdk";
import { ACKNOWLEDGE_SETTING, parseAcknowledgements } from "./impact-acknowledgements";
import { ImpactOptions } from "./impact-options";

/** Where a setting comes from: stack config key (namespace `voice`) and environment fallback, if any. */
const SOURCES = {
  baseUrl: { key: "voice:baseUrl", env: "VOICE_BASE_URL" },
  token: { key: "voice:token", env: "VOICE_TOKEN" },
  orgHandle: { key: "voice:orgHandle", env: "VOICE_ORG_HANDLE" },
  productId: { key: "voice:productId", env: "VOICE_PRODUCT_ID" },
  maxRetries: { key: "voice:maxRetries", env: "VOICE_MAX_RETRIES" },
  retryBaseDelayMs: { key: "voice:retryBaseDelayMs", env: "VOICE_RETRY_BASE_DELAY_MS" },
  timeoutMs: { key: "voice:timeoutMs", env: "VOICE_TIMEOUT_MS" },
  maxConcurrency: { key: "voice:maxConcurrency", env: "VOICE_MAX_CONCURRENCY" },
  impact: { key: "voice:impact", env: "VOICE_IMPACT" },
  impactWindowDays: { key: "voice:impactWindowDays", env: "VOICE_IMPACT_WINDOW_DAYS" },
  impactRecentHours: { key: "voice:impactRecentHours", env: "VOICE_IMPACT_RECENT_HOURS" },
  // No environment fallback: an acknowledgement belongs in the stack's config, beside the change in review.
  acknowledgeImpact: { key: ACKNOWLEDGE_SETTING },
} as const satisfies Record<string, { key: string; env?: string }>;

/** The environment variable of a setting, if it has one. */
const envOf = (name: SettingName): string | undefined => {
  const source: { key: string; env?: string } = SOURCES[name];
  return source.env;
};

/** A setting's name, e.g. `orgHandle`: an explicit provider's property, `voice:<name>` in stack config. */
export type SettingName = keyof typeof SOURCES;

const count = (max: number) => z.coerce.number().int().min(0).max(max);

/** A number of the impact options, from text, by the option's own rule. */
const impactNumber = (option: "windowDays" | "recentHours") =>
  z.coerce.number({ error: "must be a number" }).pipe(ImpactOptions.shape[option].unwrap());

/** The acknowledgements' JSON text, parsed by their own rule; a bad entry is one issue naming it. */
const acknowledgements = z.string().transform((text, ctx) => {
  try {
    return parseAcknowledgements(text);
  } catch (err) {
    // The rule's message starts with the setting's key, which the issue's path names already.
    const rest = (err as Error).message.slice(ACKNOWLEDGE_SETTING.length);
    ctx.addIssue({ code: "custom", message: rest.startsWith(": ") ? rest.slice(2) : `at ${rest}` });
    return z.NEVER;
  }
});

/**
 * The settings of the preview's impact warnings (native provider): they change what a preview says,
 * never what the provider does, and are read only when asked for (see docs/native-provider.md).
 */
const IMPACT_SHAPE = {
  impact: z.stringbool({ truthy: ["true"], falsy: ["false"], error: "must be true or false" }).optional(),
  impactWindowDays: impactNumber("windowDays").optional(),
  impactRecentHours: impactNumber("recentHours").optional(),
  acknowledgeImpact: acknowledgements.optional(),
};

const ImpactOnly = z.object(IMPACT_SHAPE);

/** The settings' schema: what each value must be. */
export const Settings = z.object({
  baseUrl: z.url({ message: "must be a URL such as https://api.example.com" }).superRefine((value, ctx) => {
    // The client's own rule (https, plain http on loopback only), said against the setting here; a
    // value that is no URL at all is already refused above.
    if (!URL.canParse(value)) return;
    try {
      resolveBaseUrl(value);
    } catch (err) {
      if (!(err instanceof InvalidArgumentError)) throw err;
      ctx.addIssue({ code: "custom", message: err.reason });
    }
  }),
  token: z.string().min(1, { message: "must not be empty" }),
  orgHandle: z.string().min(1, { message: "must not be empty" }),
  productId: z.string().min(1).optional(),
  maxRetries: count(20).optional(),
  retryBaseDelayMs: count(60_000).optional(),
  timeoutMs: count(600_000).optional(),
  maxConcurrency: count(1024).pipe(z.number().min(1)).optional(),
  ...IMPACT_SHAPE,
});

/** Connection settings for the platform, resolved from stack config with environment fallbacks. */
export type VoiceSettings = z.infer<typeof Settings>;

/** The impact settings alone, as {@link resolveImpactSettings} answers them. */
export type ImpactSettings = z.infer<typeof ImpactOnly>;

/** A configuration problem; the message names the config key and the environment variable to set. */
export class VoiceConfigError extends Error {
  override readonly name = "VoiceConfigError";

  /** `settings`: the settings at fault (`orgHandle`, ...), so a provider's check can name the property. */
  constructor(message: string, options?: ErrorOptions & { settings?: readonly string[] }) {
    super(message, options);
    this.settings = options?.settings ?? [];
  }

  readonly settings: readonly string[];
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
  const { key } = SOURCES[name];
  const env = envOf(name);
  if (owner.command !== undefined) {
    const flag = owner.command.flags[name];
    const either = [flag && `pass ${flag} ${value}`, env && `set ${env}`].filter(Boolean).join(" or ");
    return either === "" ? `${key} cannot be set for this command` : either;
  }
  if (owner.provider !== undefined)
    return `set the \`${name}\` property of provider "${owner.provider}"${env === undefined ? "" : ` (or ${env})`}`;
  const secret = name === "token" ? " --secret" : "";
  return `run \`pulumi config set ${key} ${value}${secret}\`${env === undefined ? "" : ` or set ${env}`}`;
}

/**
 * One setting (and its value, when given) as its owner knows it: `voice:orgHandle "acme"`, or the
 * property `orgHandle "acme" of provider "globex"`.
 */
export function settingName(name: SettingName, owner: SettingsOwner = {}, value?: string): string {
  const shown = value === undefined ? "" : ` "${value}"`;
  if (owner.command !== undefined)
    return `${owner.command.flags[name] ?? envOf(name) ?? SOURCES[name].key}${shown}`;
  return owner.provider === undefined
    ? `${SOURCES[name].key}${shown}`
    : `${name}${shown} of provider "${owner.provider}"`;
}

/** Said of a native default provider without settings: `pulumi import` may have needed an explicit one. */
const IMPORT_HINT =
  "if this program uses explicit providers, pass `--provider <name>=<urn>` to `pulumi import` " +
  "(the provider's URN is in `pulumi stack --show-urns`)";

const HINTS: Partial<Record<SettingName, string>> = {
  baseUrl: "the platform's base URL (for the local emulator: the URL `npm run emulator` prints)",
  token: "the platform API token; set it as a secret",
  orgHandle: "the organization's domain_handle from the organizations list",
};

/** A key/value lookup, e.g. the dynamic provider's `req.config.get` or `pulumi.runtime.getConfig`. */
export type ConfigLookup = (key: string) => string | undefined;

/** The raw values a lookup yields, to tell whether a new configuration differs from the current one. */
export function configFingerprint(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): string {
  return JSON.stringify(settingNames.map((name) => raw(name, lookup, env) ?? null));
}

/** Every setting's name, in the order of their sources. */
const settingNames = Object.keys(SOURCES) as SettingName[];

/** A setting's value as given: its stack config key, else its environment variable; empty is absent. */
function raw(name: SettingName, lookup: ConfigLookup, env: NodeJS.ProcessEnv): string | undefined {
  const variable = envOf(name);
  const value = lookup(SOURCES[name].key) ?? (variable === undefined ? undefined : env[variable]);
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
  for (const name of settingNames) {
    const value = name in schema.shape ? raw(name, lookup, env) : undefined;
    if (value !== undefined) given[name] = value;
  }
  const parsed = schema.safeParse(given);
  if (parsed.success) return parsed.data;
  const names = parsed.error.issues.map((issue) => issue.path[0] as SettingName);
  const problems = parsed.error.issues.map((issue, i) => {
    const name = names[i] as SettingName;
    const what = given[name] === undefined ? "is not set" : issue.message;
    const hint = HINTS[name] ? ` (${HINTS[name]})` : "";
    return `${settingName(name, owner)} ${what}: ${settingAdvice(name, owner)}${hint}`;
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
