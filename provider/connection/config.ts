import { z } from "zod";

/** Where a setting comes from: stack config key (namespace `voice`) and environment fallback. */
const SOURCES = {
  baseUrl: { key: "voice:baseUrl", env: "VOICE_BASE_URL" },
  token: { key: "voice:token", env: "VOICE_TOKEN" },
  orgHandle: { key: "voice:orgHandle", env: "VOICE_ORG_HANDLE" },
  productId: { key: "voice:productId", env: "VOICE_PRODUCT_ID" },
  maxRetries: { key: "voice:maxRetries", env: "VOICE_MAX_RETRIES" },
  retryBaseDelayMs: { key: "voice:retryBaseDelayMs", env: "VOICE_RETRY_BASE_DELAY_MS" },
  timeoutMs: { key: "voice:timeoutMs", env: "VOICE_TIMEOUT_MS" },
  maxConcurrency: { key: "voice:maxConcurrency", env: "VOICE_MAX_CONCURRENCY" },
} as const;

/** A setting's name, e.g. `orgHandle`: an explicit provider's property, `voice:<name>` in stack config. */
export type SettingName = keyof typeof SOURCES;

const count = (max: number) => z.coerce.number().int().min(0).max(max);

/** The settings' schema: what each value must be. */
export const Settings = z.object({
  baseUrl: z.url({ message: "must be a URL such as https://api.example.com" }),
  token: z.string().min(1, { message: "must not be empty" }),
  orgHandle: z.string().min(1, { message: "must not be empty" }),
  productId: z.string().min(1).optional(),
  maxRetries: count(20).optional(),
  retryBaseDelayMs: count(60_000).optional(),
  timeoutMs: count(600_000).optional(),
  maxConcurrency: count(1024).pipe(z.number().min(1)).optional(),
});

/** Connection settings for the platform, resolved from stack config with environment fallbacks. */
export type VoiceSettings = z.infer<typeof Settings>;

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
}

/** How to set one setting: the explicit provider's property, or the stack config key; the environment either way. */
export function settingAdvice(name: SettingName, owner: SettingsOwner = {}, value = "<value>"): string {
  const { key, env } = SOURCES[name];
  if (owner.provider !== undefined)
    return `set the \`${name}\` property of provider "${owner.provider}" (or ${env})`;
  const secret = name === "token" ? " --secret" : "";
  return `run \`pulumi config set ${key} ${value}${secret}\` or set ${env}`;
}

/**
 * One setting (and its value, when given) as its owner knows it: `voice:orgHandle "acme"`, or the
 * property `orgHandle "acme" of provider "globex"`.
 */
export function settingName(name: SettingName, owner: SettingsOwner = {}, value?: string): string {
  const shown = value === undefined ? "" : ` "${value}"`;
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
  return JSON.stringify(Object.values(SOURCES).map((s) => lookup(s.key) ?? env[s.env] ?? null));
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
  const raw: Partial<Record<SettingName, string>> = {};
  for (const [name, source] of Object.entries(SOURCES) as [SettingName, (typeof SOURCES)[SettingName]][]) {
    const value = lookup(source.key) ?? env[source.env];
    if (value !== undefined && value !== "") raw[name] = value;
  }
  const parsed = Settings.safeParse(raw);
  if (parsed.success) return parsed.data;
  const names = parsed.error.issues.map((issue) => issue.path[0] as SettingName);
  const problems = parsed.error.issues.map((issue, i) => {
    const name = names[i] as SettingName;
    const what = raw[name] === undefined ? "is not set" : issue.message;
    const hint = HINTS[name] ? ` (${HINTS[name]})` : "";
    return `${settingName(name, owner)} ${what}: ${settingAdvice(name, owner)}${hint}`;
  });
  const whose = owner.defaultProvider ? " for the default provider" : "";
  const after = owner.defaultProvider ? `\n  ${IMPORT_HINT}` : "";
  throw new VoiceConfigError(
    `Voice platform configuration is incomplete${whose}:\n  ${problems.join("\n  ")}${after}`,
    { settings: [...new Set(names)] },
  );
}
