// The provider's own settings, each declared once: its rule, its type in the package schema, its
// description, whether it is required or secret. Its stack config key (`voice:<name>`) and its
// environment variable (`VOICE_<NAME_IN_CAPITALS>`) derive from its name; the settings' schema, the
// advice of configuration errors, the plugin's config schema, the provider's input checks and the
// plain-secret warning all read this table. A new secret setting is one line with `secret: true`.
import { z } from "zod";
import { InvalidArgumentError, resolveBaseUrl } from "../../sdk";
import { ACKNOWLEDGE_SETTING, AcknowledgementList, parseAcknowledgements } from "./impact-acknowledgements";
import { ImpactOptions } from "./impact-options";

/** A setting's type in the package schema: a JSON type, or the zod schema of a structured value. */
export type SettingType = "string" | "integer" | "number" | "boolean" | z.ZodType;

/** How a setting's value is read: the rule its text must pass (config and environment are text), and its type. */
interface Kind<R extends z.ZodType> {
  readonly rule: R;
  readonly type: SettingType;
  /** The default as the description says it, when there is one. */
  readonly default?: string;
}

/** What a setting declares besides its kind and description. */
interface Traits {
  /** The provider cannot connect without it. */
  readonly required?: true;
  /** Changing it moves the provider to another organization: its resources are replaced. */
  readonly replaces?: true;
  /** Marked secret in the package schema and the provider's inputs, never named in a failure's property. */
  readonly secret?: true;
  /** `false`: no environment fallback, only stack config or the provider's property. */
  readonly env?: false;
  /** Said after the description when a message names a required setting (e.g. where to find the value). */
  readonly hint?: string;
  /** The default as the description says it, where the kind does not say it. */
  readonly default?: string;
}

/** One setting of the provider. */
export interface Setting<R extends z.ZodType = z.ZodType> extends Kind<R>, Traits {
  /** One sentence for the package schema and its docs, without the environment variable (added from the name). */
  readonly description: string;
}

function setting<R extends z.ZodType, const T extends Traits = Record<never, never>>(
  kind: Kind<R>,
  description: string,
  traits?: T,
): Kind<R> & T & { readonly description: string } {
  return { ...kind, description, ...(traits as T) };
}

const nonEmpty = z.string().min(1, { message: "must not be empty" });

/** Text. */
const text = <R extends z.ZodType>(rule: R): Kind<R> => ({ rule, type: "string" });

/** A whole number from `min` to `max`. */
const count = (max: number, min = 0): Kind<z.ZodCoercedNumber> => ({
  rule: z.coerce.number().int().min(min).max(max),
  type: "integer",
});

/** `true` or `false`. */
const flag = (): Kind<z.ZodType<boolean, string>> => ({
  rule: z.stringbool({ truthy: ["true"], falsy: ["false"], error: "must be true or false" }),
  type: "boolean",
});

/** A number of the impact options, from text, by the option's own rule and with its default. */
const impactNumber = (option: "windowDays" | "recentHours") => ({
  rule: z.coerce.number({ error: "must be a number" }).pipe(ImpactOptions.shape[option].unwrap()),
  type: "number" as const,
  default: String(ImpactOptions.shape[option].parse(undefined)),
});

/** The platform's base URL: a URL, by the client's own rule (https, plain http on loopback only). */
const BaseUrl = z
  .url({ message: "must be a URL such as https://api.example.com" })
  .superRefine((value, ctx) => {
    // A value that is no URL at all is already refused above.
    if (!URL.canParse(value)) return;
    try {
      resolveBaseUrl(value);
    } catch (err) {
      if (!(err instanceof InvalidArgumentError)) throw err;
      ctx.addIssue({ code: "custom", message: err.reason });
    }
  });

/** The acknowledgements' JSON text, parsed by their own rule; a bad entry is one issue naming it. */
const acknowledgements = {
  rule: z.string().transform((value, ctx) => {
    try {
      return parseAcknowledgements(value);
    } catch (err) {
      // The rule's message starts with the setting's key, which the issue's path names already.
      const rest = (err as Error).message.slice(ACKNOWLEDGE_SETTING.length);
      ctx.addIssue({ code: "custom", message: rest.startsWith(": ") ? rest.slice(2) : `at ${rest}` });
      return z.NEVER;
    }
  }),
  type: AcknowledgementList,
};

/** The connection's settings: where the platform is, who calls it, how requests are sent. */
const CONNECTION = {
  baseUrl: setting(text(BaseUrl), "The platform's base URL", {
    required: true,
    hint: "for the local emulator: the URL `npm run emulator` prints",
  }),
  token: setting(text(nonEmpty), "The platform API token", { required: true, secret: true }),
  orgHandle: setting(text(nonEmpty), "The organization's `domain_handle` from `getOrganizations`", {
    required: true,
    replaces: true,
  }),
  productId: setting(text(nonEmpty), "The product id, if the platform needs one"),
  maxRetries: setting(count(20), "How many times a failed request is retried"),
  retryBaseDelayMs: setting(count(60_000), "The first retry's delay in milliseconds, doubled per retry"),
  timeoutMs: setting(count(600_000), "A request's timeout in milliseconds"),
  maxConcurrency: setting(count(1024, 1), "The most requests in flight at once"),
};

/**
 * The settings of the preview's impact warnings (native provider): they change what a preview says,
 * never what the provider does, and are read only when asked for (see docs/native-provider.md).
 */
export const IMPACT_SETTINGS = {
  impact: setting(
    flag(),
    "Whether the native provider's previews warn, under each resource changed, of what the change does to live calls: each number moved or disconnected, with its calls, live channels, agent and follow-ups",
    { default: "false: nothing is read" },
  ),
  impactWindowDays: setting(
    impactNumber("windowDays"),
    "How many days of call records the impact warnings read, more than 0",
  ),
  impactRecentHours: setting(
    impactNumber("recentHours"),
    "Calls within this many hours make a number's impact high, more than 0",
  ),
  // No environment fallback: an acknowledgement belongs in the stack's config, beside the change in review.
  acknowledgeImpact: setting(
    acknowledgements,
    "The resources whose impact on live calls is accepted, a list of `{resource, reason}` naming each by its name in the program; their warnings say so",
    { env: false },
  ),
};

/** Every setting of the provider, in the order the package schema lists them. */
export const SETTINGS = { ...CONNECTION, ...IMPACT_SETTINGS } satisfies Record<string, Setting>;

/** A setting's name, e.g. `orgHandle`: an explicit provider's property, `voice:<name>` in stack config. */
export type SettingName = keyof typeof SETTINGS;

/** Every setting's name, in their declared order. */
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** The declaration of a setting, by name. */
export const settingOf = (name: SettingName): Setting => SETTINGS[name];

/** The names of the secret settings. */
export const SECRET_SETTINGS: readonly SettingName[] = SETTING_NAMES.filter((name) => settingOf(name).secret);

/** A setting's description inside a sentence ("the platform API token"). */
export function describedInline(name: SettingName): string {
  const { description } = settingOf(name);
  return `${description.charAt(0).toLowerCase()}${description.slice(1)}`;
}

/** A setting's stack config key: `voice:<name>`. */
export const configKey = (name: SettingName): string => `voice:${name}`;

/** A setting's environment variable (`orgHandle` → `VOICE_ORG_HANDLE`), unless it has none. */
export function envVariable(name: SettingName): string | undefined {
  if (settingOf(name).env === false) return undefined;
  return `VOICE_${name.replace(/[A-Z]/g, (capital) => `_${capital}`).toUpperCase()}`;
}

/** The zod shape of some settings: each one's rule, optional unless the setting is required. */
type ShapeOf<T extends Record<string, Setting>> = {
  -readonly [K in keyof T]: T[K] extends { required: true } ? T[K]["rule"] : z.ZodOptional<T[K]["rule"]>;
};

/** The zod shape of `settings`, for their schema. */
export function shapeOf<T extends Record<string, Setting>>(settings: T): ShapeOf<T> {
  return Object.fromEntries(
    Object.entries(settings).map(([name, s]) => [name, s.required ? s.rule : s.rule.optional()]),
  ) as ShapeOf<T>;
}
