import type { Organization as PlatformOrganization } from "../../../sdk";
import { dataSource } from "../data-source";

/** An organization the token may use; `domainHandle` is the `voice:orgHandle` value. */
export interface Organization {
  id: number;
  name: string;
  domainHandle: string;
  createdAt: string | null;
}

const toOrganization = (o: PlatformOrganization): Organization => ({
  id: o.id,
  name: o.name,
  domainHandle: o.domain_handle,
  createdAt: o.created_at ?? null,
});

const organizations = dataSource<object, Organization[]>("getOrganizations", async (client) =>
  (await client.organizations.list()).data.map(toOrganization),
);

/** Lists the organizations the configured token may use. */
export const getOrganizations = organizations.get;
/** {@link getOrganizations} as an Output. */
export const getOrganizationsOutput = organizations.getOutput;
