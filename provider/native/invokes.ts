import { fetchers } from "../program/data-source";
import "../program/data-sources/agents";
import "../program/data-sources/analytics";
import "../program/data-sources/bridges";
import "../program/data-sources/call-records";
import "../program/data-sources/numbers";
import "../program/data-sources/organizations";
import "../program/data-sources/overview";
import "../program/data-sources/provider-configurations";
import "../program/data-sources/providers";
import "../program/data-sources/runs";
import "../program/data-sources/sip-trunks";
import "../program/data-sources/spaces";
import "../program/data-sources/tasks";
import { runtimeContext } from "../context-cache";
import { PACKAGE } from "./resources";

/** The data sources served as invokes, `voice:index:<name>`, each the program-side data source's fetch. */
export const INVOKES = [
  "getOrganizations",
  "getSpaces",
  "getSpace",
  "getAgents",
  "getAgent",
  "getProviders",
  "getNumbers",
  "getOverview",
  "getBridges",
  "getProviderConfigurations",
  "getSipTrunks",
  "getRuns",
  "getTasks",
  "getCallRecords",
  "getAnalytics",
] as const;

/** The token of an invoke. */
export const invokeToken = (name: string): string => `${PACKAGE}:index:${name}`;

/**
 * Runs an invoke with the configured client. A list answers `{ items }` (an invoke's result is an
 * object); an object result is returned as is.
 */
export async function invoke(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const name = INVOKES.find((n) => invokeToken(n) === token);
  const fetch = name === undefined ? undefined : fetchers.get(name);
  if (!fetch) throw new Error(`unknown function ${token}`);
  const result = await fetch(await runtimeContext().ready(), args);
  if (Array.isArray(result)) return { items: result };
  return typeof result === "object" && result !== null
    ? (result as Record<string, unknown>)
    : { value: result };
}
