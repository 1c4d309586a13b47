// What the planned changes of the engine's JSON do to live calls: the platform read with the stack's
// settings (its JSON carries the plain ones; the token comes from VOICE_TOKEN only, as the JSON masks
// it), once for the organization, through the impact core.
import type { ConfigLookup } from "../../../provider/connection/config";
import { VoiceContext } from "../../../provider/connection/context";
import {
  ACKNOWLEDGE_SETTING,
  type Acknowledgements,
  type ImpactOptions,
  type ImpactOptionsInput,
  type ImpactReport,
  OrganizationTraffic,
  parseAcknowledgements,
  parseImpactOptions,
  touchesOf,
} from "../../../provider/impact";
import type { EngineJson } from "../engine-json";
import { SECRET } from "../secrets";
import { plannedChanges } from "./step-changes";

/** The impact of a review, and which resources the stack acknowledged. */
export interface ReviewImpact {
  report: ImpactReport;
  acknowledgements: Acknowledgements;
}

/** A stack setting as the engine's JSON gives it (`config`), a masked secret as none. */
function fromDocuments(documents: readonly EngineJson[], key: string): string | undefined {
  for (const doc of documents) {
    const value = (doc as { config?: Record<string, unknown> }).config?.[key];
    if (typeof value === "string" && value !== SECRET) return value;
  }
  return undefined;
}

/**
 * Reads the impact of the documents' plan. `flags` (the command's `--base-url`, `--org-handle`) come
 * before the stack's settings, which come before the environment. Options and acknowledgements are
 * checked before any request.
 */
export function readImpact(
  documents: readonly EngineJson[],
  flags: Readonly<Record<string, string | undefined>>,
  options: ImpactOptionsInput,
): Promise<ReviewImpact> {
  return readPlanImpact(documents, (key) => flags[key] ?? fromDocuments(documents, key), options);
}

/** Reads the impact of the documents' plan with the stack's settings as `lookup` gives them. */
export async function readPlanImpact(
  documents: readonly EngineJson[],
  lookup: ConfigLookup,
  options: ImpactOptionsInput,
): Promise<ReviewImpact> {
  const checked = parseImpactOptions(options);
  const acknowledgements = parseAcknowledgements(lookup(ACKNOWLEDGE_SETTING));
  const touches = plannedChanges(documents).flatMap((p) => touchesOf(p.descriptor, p.change, p.urn));
  // A plan that touches nothing costs nothing: not even the connection's organization check.
  if (touches.length === 0) return { report: emptyReport(lookup, checked), acknowledgements };
  const client = await new VoiceContext(lookup).ready();
  const traffic = new OrganizationTraffic(client, options);
  return { report: await traffic.impactOf(touches), acknowledgements };
}

/** The report of a plan that touches no number, bridge, configuration or trunk. */
function emptyReport(lookup: ConfigLookup, options: ImpactOptions): ImpactReport {
  const now = options.now ?? new Date();
  return {
    organization: lookup("voice:orgHandle") ?? process.env.VOICE_ORG_HANDLE ?? "",
    windowDays: options.windowDays,
    recentHours: options.recentHours,
    since: new Date(now.getTime() - options.windowDays * 86_400_000).toISOString(),
    callsRead: 0,
    capped: false,
    requests: 0,
    numbers: [],
    notes: [],
  };
}

/** The impact as JSON: the core's report, each number with whether the stack acknowledged it. */
export function impactJson(read: ReviewImpact) {
  return {
    ...read.report,
    numbers: read.report.numbers.map((n) => ({
      ...n,
      acknowledged: n.resource !== undefined && read.acknowledgements.has(n.resource),
    })),
  };
}
