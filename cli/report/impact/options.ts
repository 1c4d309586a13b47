// The report's impact options, checked before anything is read: each refusal names the option and the rule.
import { type ImpactOptionsInput, parseImpactOptions } from "../../../provider/impact";

/** The command line's options of the impact read and the core's option each one sets. */
const FLAGS = {
  "window-days": "windowDays",
  "recent-hours": "recentHours",
  "max-calls": "maxCalls",
} as const;

/** What `--impact` asks for: the core's options, and the level that fails the report. */
export interface ReportImpact {
  options: ImpactOptionsInput;
  failOn?: "high" | "low";
}

/** The impact options of `values`, or undefined without `--impact`; misuse throws naming the option. */
export function impactOptionsOf(
  values: Readonly<Record<string, string | boolean | string[] | undefined>>,
): ReportImpact | undefined {
  const given = Object.keys(FLAGS).filter((f) => values[f] !== undefined);
  const failOn = values["fail-on"];
  if (!values.impact) {
    const stray = [...given, ...(failOn === undefined ? [] : ["fail-on"])];
    if (stray.length > 0) throw new Error(`--${stray[0]} needs --impact`);
    return undefined;
  }
  if (failOn !== undefined && failOn !== "high" && failOn !== "low")
    throw new Error(`--fail-on ${String(failOn)}: must be high or low`);
  const options: Record<string, number> = {};
  for (const flag of given) {
    const raw = String(values[flag]);
    const value = Number(raw);
    if (raw.trim() === "" || Number.isNaN(value)) throw new Error(`--${flag} ${raw}: must be a number`);
    options[FLAGS[flag as keyof typeof FLAGS]] = value;
  }
  try {
    parseImpactOptions(options);
  } catch (e) {
    // The core names its option (`impact option windowDays: …`); the user typed the flag.
    const message = e instanceof Error ? e.message : String(e);
    const flag = Object.entries(FLAGS).find(([, option]) => message.startsWith(`impact option ${option}:`));
    throw new Error(
      flag
        ? `--${flag[0]} ${String(values[flag[0]])}: ${message.slice(`impact option ${flag[1]}: `.length).replace(/ \(got .*\)$/, "")}`
        : message,
    );
  }
  return { options, ...(failOn === undefined ? {} : { failOn }) };
}
