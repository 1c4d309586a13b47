import { z } from "zod";
import { TelephonyNumber as PlatformNumber, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** A telephony number (read-only: numbers are provisioned at the provider or in the dashboard). */
export const TelephonyNumber = view(
  PlatformNumber,
  { id: "TelephonyNumber", description: "A telephony number (read-only)." },
  {
    id: "The number's id.",
    number: "The number in E.164 form.",
    state: "`ASSIGNED` or `NOT_ASSIGNED`.",
    active: "Whether the number is active.",
    pool: z
      .boolean()
      .describe("True for a number of the platform's pool rather than the organization's own."),
  },
);
export type TelephonyNumber = z.infer<typeof TelephonyNumber>;

/** Arguments of {@link listNumbers}. */
export const GetNumbersArgs = z.object({
  state: z.string().optional().describe("Only numbers in this state, e.g. `ASSIGNED`."),
  includePool: z.boolean().optional().describe("Also list the platform's pool numbers."),
});
export type GetNumbersArgs = z.infer<typeof GetNumbersArgs>;

/** Lists the organization's numbers, optionally with the pool and filtered by state. */
export async function listNumbers(
  client: VoiceClient,
  args: Partial<GetNumbersArgs>,
): Promise<TelephonyNumber[]> {
  // With Org-Handle the platform answers own numbers plus the pool; the pool alone tells them apart.
  const [all, pool] = await Promise.all([
    client.numbers.list({ scope: "organization" }),
    client.numbers.list({ scope: "pool" }),
  ]);
  const poolIds = new Set(pool.data.map((n) => n.id));
  return all.data
    .map((n) => ({ ...seen(TelephonyNumber, n), pool: poolIds.has(n.id) }))
    .filter((n) => (args.includePool || !n.pool) && (args.state === undefined || n.state === args.state));
}

export const numberLookups = [
  lookup({
    name: "getNumbers",
    description: "Lists the phone numbers of the organization's provider configurations.",
    args: GetNumbersArgs,
    output: TelephonyNumber,
    many: true,
    run: listNumbers,
  }),
];
