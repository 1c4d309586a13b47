import { agentLookups } from "./agents";
import { analyticsLookups } from "./analytics";
import { bridgeLookups } from "./bridges";
import { callRecordLookups } from "./call-records";
import type { Lookup } from "./lookup";
import { numberLookups } from "./numbers";
import { organizationLookups } from "./organizations";
import { overviewLookups } from "./overview";
import { providerConfigurationLookups } from "./provider-configurations";
import { providerLookups } from "./providers";
import { runLookups } from "./runs";
import { sipTrunkLookups } from "./sip-trunks";
import { spaceLookups } from "./spaces";
import { taskLookups } from "./tasks";

/** Every lookup, in the order the package schema lists them. */
export const LOOKUPS: readonly Lookup[] = [
  ...organizationLookups,
  ...spaceLookups,
  ...agentLookups,
  ...providerLookups,
  ...numberLookups,
  ...overviewLookups,
  ...bridgeLookups,
  ...providerConfigurationLookups,
  ...sipTrunkLookups,
  ...runLookups,
  ...taskLookups,
  ...callRecordLookups,
  ...analyticsLookups,
];
