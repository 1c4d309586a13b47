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

type SettingName = keyof typeof SOURCES;

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
}

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
export function resolveSettings(lookup: ConfigLookup, env: NodeJS.ProcessEnv = process.env): VoiceSettings {
  const raw: Partial<Record<SettingName, string>> = {};
  for (const [name, source] of Object.entries(SOURCES) as [SettingName, (typeof SOURCES)[SettingName]][]) {
    const value = lookup(source.key) ?? env[source.env];
    if (value !== undefined && value !== "") raw[name] = value;
  }
  const parsed = Settings.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path[0] as SettingName;
    const { key, env: envName } = SOURCES[name];
    const what = raw[name] === undefined ? "is not set" : issue.message;
    const secret = name === "token" ? " --secret" : "";
    const hint = HINTS[name] ? ` (${HINTS[name]})` : "";
    return `${key} ${what}: run \`pulumi config set ${key} <value>${secret}\` or set ${envName}${hint}`;
  });
  throw new VoiceConfigError(`Voice platform configuration is incomplete:\n  ${problems.join("\n  ")}`);
}
