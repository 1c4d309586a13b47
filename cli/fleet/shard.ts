// Cutting a selection into shards for a CI job matrix: stack k (0-based, in selection order) goes to
// shard (k mod n) + 1. Round-robin keeps shards within one stack of each other in size, and every job of
// the matrix computes the same cut from the same selection without talking to the others.
import { FleetInputError } from "./input-error";

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `--shard i/n`: whole numbers with 1 ≤ i ≤ n. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) throw new FleetInputError(`--shard ${text}: must be i/n, e.g. 2/4 (the 2nd of 4 shards)`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1) throw new FleetInputError(`--shard ${text}: n must be at least 1`);
  if (index < 1 || index > count)
    throw new FleetInputError(`--shard ${text}: i must be between 1 and n (${count})`);
  return { index, count };
}

/** The shard (1-based) that the stack at `position` (0-based, in selection order) belongs to among `count`. */
export const shardOf = (position: number, count: number): number => (position % count) + 1;

/** The items of `shard`, in order. */
export function inShard<T>(items: readonly T[], shard: Shard): T[] {
  return items.filter((_, k) => shardOf(k, shard.count) === shard.index);
}
