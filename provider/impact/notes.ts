// What an impact read cannot know, in words: each note says what is missing and why.
import type { ConfigurationTouch, TrunkTouch } from "../runtime/touch";
import { lastCallsOnly } from "./wording";

const listed = (numbers: readonly string[]): string => numbers.join(", ");

/** The read stopped at `maxCalls`: counts cover the newest calls only. */
export const capNote = (callsRead: number): string =>
  `${lastCallsOnly(callsRead)}: the organization has more calls in the window than maxCalls lets one read fetch`;

/** Trunks name no bridge on the platform, so no number either. */
export function trunkNote(touch: TrunkTouch): string {
  const what = touch.change === "update" ? `changes ${touch.fields.join(", ")}` : `is ${touch.change}d`;
  return `SIP trunk "${touch.name}" ${what}: trunks name no bridge on the platform, so the numbers whose calls it carries cannot be named`;
}

/**
 * The platform does not say which numbers a configuration carries; the numbers whose links this
 * plan changes and that name the configuration are listed, so the note names them.
 */
export function configurationNote(touch: ConfigurationTouch, ownListed: readonly string[]): string {
  const id = touch.id === undefined ? "" : ` ${touch.id}`;
  const account = touch.accountSid === undefined ? "" : ` (account ${touch.accountSid})`;
  const own = ownListed.length === 0 ? "" : ` (of its numbers: ${listed(ownListed)})`;
  return (
    `provider configuration${id}${account} is ${touch.change}d: the platform does not say which numbers a ` +
    `configuration carries, so only numbers whose links change in this plan are listed${own}`
  );
}

/** A touched bridge the platform does not have. */
export const missingBridgeNote = (slug: string): string =>
  `bridge "${slug}" is not on the platform: no numbers to list for it`;

/** Numbers the overview does not list: their bridge, agent and follow-ups are unknown. */
export const notInOverviewNote = (numbers: readonly string[]): string =>
  `${listed(numbers)}: not among the organization's numbers in the overview, so live channels, agent and follow-ups are unknown`;

/** Follow-ups are found through the number's agent; without one they cannot be looked up. */
export const noAgentNote = (numbers: readonly string[]): string =>
  `follow-ups of ${listed(numbers)} not looked up: the overview names no agent for ${numbers.length === 1 ? "it" : "them"}`;

/** An agent whose tasks could not be read. */
export const missingAgentNote = (agent: string, numbers: readonly string[]): string =>
  `follow-ups of ${listed(numbers)} unknown: agent "${agent}" was not found`;
