import { fetchAnalytics } from "../../lookups/analytics";
import { dataSource } from "../data-source";

export type { GetAnalyticsArgs, OrganizationAnalytics } from "../../lookups/analytics";

const analytics = dataSource("getAnalytics", fetchAnalytics);

/** Analytics of the organization, or of one of its spaces; an unknown space token is an error naming it. */
export const getAnalytics = analytics.get;
/** {@link getAnalytics} as an Output. */
export const getAnalyticsOutput = analytics.getOutput;
