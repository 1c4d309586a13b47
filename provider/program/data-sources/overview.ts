import { listOverview } from "../../lookups/overview";
import { dataSource } from "../data-source";

export type { GetOverviewArgs, OverviewRow } from "../../lookups/overview";

const overview = dataSource("getOverview", listOverview);

/** The per-number telephony overview of the organization. */
export const getOverview = overview.get;
/** {@link getOverview} as an Output. */
export const getOverviewOutput = overview.getOutput;
