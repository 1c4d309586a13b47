// The impact core: for the changes a preview, up or destroy would make, the numbers they touch and
// what each one's calls risk. Engine-free: the provider's preview, the report command, the fleet
// report and the policy pack each wire it their way.

export {
  ACKNOWLEDGE_SETTING,
  Acknowledgements,
  parseAcknowledgements,
} from "../connection/impact-acknowledgements";
export { ImpactOptions, type ImpactOptionsInput, parseImpactOptions } from "../connection/impact-options";
export type { ChangeOp, ResourceChange } from "../runtime/planned-change";
export type { BridgeTouch, ConfigurationTouch, NumberTouch, Touch, TrunkTouch } from "../runtime/touch";
export { formatNumberImpact } from "./format";
export { type LevelFacts, type LevelLimits, levelOf } from "./level";
export type { FollowUps, Level, NumberCalls, NumberImpact } from "./number-impact";
export { OrganizationTraffic } from "./organization-traffic";
export type { ImpactReport } from "./report";
export { touchesOf } from "./touches-of";
