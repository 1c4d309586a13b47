import { z } from "zod";
import { Organization as PlatformOrganization, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** An organization the token may use; `domainHandle` is the `voice:orgHandle` value. */
export const Organization = view(
  PlatformOrganization,
  { id: "Organization", description: "An organization the token may use." },
  {
    id: "The organization's id.",
    name: "The organization's name.",
    domain_handle: "The handle that selects it: the `voice:orgHandle` value.",
    created_at: "When it was created (ISO 8601).",
  },
);
export type Organization = z.infer<typeof Organization>;

/** Lists the organizations the configured token may use. */
export async function listOrganizations(client: VoiceClient): Promise<Organization[]> {
  return (await client.organizations.list()).data.map((o) => seen(Organization, o));
}

export const organizationLookups = [
  lookup({
    name: "getOrganizations",
    description: "Lists the organizations the configured token may use.",
    args: z.object({}),
    output: Organization,
    many: true,
    run: listOrganizations,
  }),
];
