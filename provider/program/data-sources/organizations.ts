import { listOrganizations } from "../../lookups/organizations";
import { dataSource } from "../data-source";

export type { Organization } from "../../lookups/organizations";

const organizations = dataSource("getOrganizations", listOrganizations);

/** Lists the organizations the configured token may use. */
export const getOrganizations = organizations.get;
/** {@link getOrganizations} as an Output. */
export const getOrganizationsOutput = organizations.getOutput;
