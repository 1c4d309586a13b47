import { z } from "zod";
import type { VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** An organization the token may use; `domainHandle` is the `voice:orgHandle` value. */
export const Organization = z
  .object({
    id: z.int().describe("The organization's id."),
    name: z.string().describe("The organization's name."),
    domainHandle: z.string().describe("The handle that selects it: the `voice:orgHandle` value."),
    createdAt: z.string().nullable().describe("When it was created (ISO 8601)."),
  })
  .meta({ id: "Organization", description: "An organization the token may use." });
export type Organization = z.infer<typeof Organization>;

/** Lists the organizations the configured token may use. */
export async function listOrganizations(client: VoiceClient): Promise<Organization[]> {
  return (await client.organizations.list()).data.map((o) => ({
    id: o.id,
    name: o.name,
    domainHandle: o.domain_handle,
    createdAt: o.created_at ?? null,
  }));
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
