import type { ConfigLookup } from "../../provider/connection/config";
import { VoiceContext } from "../../provider/connection/context";
import {
  ACKNOWLEDGE_SETTING,
  Acknowledgements,
  formatNumberImpact,
  type ImpactOptions,
  type ImpactReport,
  OrganizationTraffic,
  parseAcknowledgements,
  parseImpactOptions,
} from "../../provider/impact";
import { isExpectedFailure } from "../../provider/runtime/errors";
import { declaredNumbers } from "../declared-numbers";
import { connectionOf, type PlatformConnection } from "../platform-connection";
import { describe, type VoiceResource } from "../voice-resource";
import { type NumberMoves, numberMoves } from "./number-moves";

/** The rule's name in the pack and in its policy config. */
export const BUSY_NUMBER_RULE = "voice-busy-number-acknowledged";

/** Config of {@link busyNumberFindings}: the impact thresholds (the core's defaults and bounds). */
export interface BusyNumberConfig {
  recentHours?: number;
  highCalls?: number;
  windowDays?: number;
}

/** What the stack gives the rule: its name and its config, the `voice:*` settings included. */
export interface StackSettings {
  stack: string;
  config: ConfigLookup;
}

/** A message of the rule; an advisory one tells what was not checked or was let through, and fails nothing. */
export interface Finding {
  message: string;
  urn?: string;
  advisory: boolean;
}

/** The links declared through one connection to the platform. */
interface Group {
  connection: PlatformConnection;
  links: VoiceResource[];
}

/**
 * No BridgeNumber or BridgeNumbers set moves a busy number to another bridge (live channels, a
 * scheduled follow-up, or `highCalls` calls within `recentHours`) unless the stack acknowledges the
 * resource in `voice:acknowledgeImpact`. A policy sees the goal, not the old state: a move is a
 * declared number the platform shows on another bridge now. Each organization is read once, however
 * many resources it serves. Settings that do not reach the platform give one advisory finding per
 * connection, never a throw; a bad threshold throws naming it, before any request.
 */
export async function busyNumberFindings(
  resources: readonly VoiceResource[],
  config: BusyNumberConfig,
  stack: StackSettings,
): Promise<Finding[]> {
  const { recentHours, highCalls, windowDays } = config;
  const options = parseImpactOptions({ recentHours, highCalls, windowDays });
  const findings: Finding[] = [];
  const acknowledged = acknowledgements(stack.config, findings);
  const groups = new Map<string, Group>();
  for (const resource of resources) {
    const { numbers, someUnknown } = declaredNumbers(resource);
    if (numbers.length === 0 && !someUnknown) continue;
    const connection = connectionOf(resource, stack.config);
    if ("unknown" in connection) {
      findings.push(unchecked(resource, connection.unknown));
      continue;
    }
    const group = groups.get(connection.key) ?? { connection, links: [] };
    group.links.push(resource);
    groups.set(connection.key, group);
  }
  for (const group of groups.values())
    findings.push(...(await groupFindings(group, options, acknowledged, stack.stack)));
  return findings;
}

/** The stack's acknowledgements; a bad list is a finding (nothing acknowledged until it is fixed). */
function acknowledgements(config: ConfigLookup, findings: Finding[]): Acknowledgements {
  try {
    return parseAcknowledgements(config(ACKNOWLEDGE_SETTING));
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    findings.push({ advisory: false, message: `${why}; nothing is acknowledged until it is fixed` });
    return new Acknowledgements();
  }
}

const unchecked = (resource: VoiceResource, why: string): Finding => ({
  advisory: true,
  urn: resource.urn,
  message: `${describe(resource)}: not checked for a move of a busy number: ${why}`,
});

/** The findings of the links one connection serves: one OrganizationTraffic reads their organization. */
async function groupFindings(
  { connection, links }: Group,
  options: ImpactOptions,
  acknowledged: Acknowledgements,
  stack: string,
): Promise<Finding[]> {
  let moves: NumberMoves;
  let report: ImpactReport;
  try {
    const client = await new VoiceContext(connection.lookup, connection.owner).ready();
    const traffic = new OrganizationTraffic(client, options);
    moves = numberMoves(links, await traffic.bridgesNow());
    report = await traffic.impactOf(moves.touches);
  } catch (err) {
    if (!isExpectedFailure(err)) throw err;
    const names = links.map(describe).join(", ");
    return [{ advisory: true, message: `impact could not be checked for ${names}: ${err.message}` }];
  }
  const byUrn = new Map(links.map((link) => [link.urn, link]));
  const findings: Finding[] = moves.unchecked.map((u) => ({ ...u, advisory: true }));
  for (const impact of report.numbers) {
    const link = impact.resource === undefined ? undefined : byUrn.get(impact.resource);
    if (impact.level !== "high" || link === undefined) continue;
    const line = `${describe(link)}: ${formatNumberImpact(impact, report)}`;
    if (acknowledged.has(link.urn)) {
      const reason = acknowledged.reason(link.urn);
      findings.push({
        advisory: true,
        urn: link.urn,
        message: `${line}; acknowledged in ${ACKNOWLEDGE_SETTING}${reason === "" ? "" : ` ("${reason}")`}`,
      });
      continue;
    }
    findings.push({
      advisory: false,
      urn: link.urn,
      message:
        `${line}. To move it anyway, acknowledge the resource: add {resource: ${link.name}, reason: <why>} ` +
        `to ${ACKNOWLEDGE_SETTING} in Pulumi.${stack}.yaml`,
    });
  }
  return findings;
}
