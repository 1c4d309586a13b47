import { dataSource } from "../data-source";

/** A telephony number (read-only: numbers are provisioned at the provider or in the dashboard). */
export interface TelephonyNumber {
  id: number;
  number: string;
  state: string;
  active: boolean;
  /** True for a number of the platform's pool rather than the organization's own. */
  pool: boolean;
}

/** Arguments of {@link getNumbers}. */
export interface GetNumbersArgs {
  /** Only numbers in this state, e.g. `ASSIGNED` or `NOT_ASSIGNED`. */
  state?: string;
  /** Also list the platform's pool numbers (default false: the organization's own numbers only). */
  includePool?: boolean;
}

const numbers = dataSource<GetNumbersArgs, TelephonyNumber[]>("getNumbers", async (client, args) => {
  // With Org-Handle the platform answers own numbers plus the pool; the pool alone tells them apart.
  const [all, pool] = await Promise.all([
    client.numbers.list({ scope: "organization" }),
    client.numbers.list({ scope: "pool" }),
  ]);
  const poolIds = new Set(pool.data.map((n) => n.id));
  return all.data
    .map((n) => ({ id: n.id, number: n.number, state: n.state, active: n.active, pool: poolIds.has(n.id) }))
    .filter((n) => (args.includePool || !n.pool) && (args.state === undefined || n.state === args.state));
});

/** Lists the organization's numbers, optionally with the pool and filtered by state. */
export const getNumbers = numbers.get;
/** {@link getNumbers} as an Output. */
export const getNumbersOutput = numbers.getOutput;
