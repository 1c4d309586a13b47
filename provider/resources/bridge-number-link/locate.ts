import type { BridgeDetail } from "../../../sdk";
import { stripPhoneSeparators } from "../../../sdk";
import type { VoiceContext } from "../../connection/context";
import { bridgeDetails, SharedRead } from "../../links";
import type { ParsedBridgeNumberId } from "./id";

/** Which bridge holds each linked number, from one list of the bridges (their list view names their numbers). */
const holdersByContext = new WeakMap<VoiceContext, SharedRead<ReadonlyMap<string, string>>>();

function holders(context: VoiceContext): SharedRead<ReadonlyMap<string, string>> {
  let read = holdersByContext.get(context);
  if (!read) {
    read = new SharedRead(async () => {
      const bridges = (await (await context.ready()).bridges.list()).data;
      return new Map(bridges.flatMap((b) => b.numbers.map((n) => [stripPhoneSeparators(n.number), b.slug])));
    });
    holdersByContext.set(context, read);
  }
  return read;
}

const holds = (bridge: BridgeDetail | undefined, phoneNumber: string) =>
  bridge?.numbers.some((n) => stripPhoneSeparators(n.number) === phoneNumber) === true;

/**
 * The bridge a link read by its id alone (`get`, `pulumi import`) is on, as its detail view: the bridge
 * an id of the earlier form names when the number is still there, else the one holding the number
 * (one list of the bridges shared by every lookup of the process, read again once on a miss);
 * `undefined` when no bridge holds it.
 */
export async function locateLink(
  context: VoiceContext,
  id: ParsedBridgeNumberId,
): Promise<BridgeDetail | undefined> {
  const { madeOn, phoneNumber } = id;
  if (madeOn !== undefined) {
    const bridge = await bridgeDetails(context).get(madeOn);
    if (holds(bridge, phoneNumber)) return bridge;
  }
  const listed = holders(context);
  const { value, generation } = listed.get();
  // A list read before the number was connected or moved is wrong about it: then one fresh read,
  // shared by every lookup that found the same list wrong.
  for (const listing of [() => value, () => listed.again(generation)]) {
    const slug = (await listing()).get(phoneNumber);
    if (slug === undefined) continue;
    // The bridge the id names was read just above and did not hold it: read afresh if listed again.
    const since = slug === madeOn ? bridgeDetails(context).now() : undefined;
    const bridge = await bridgeDetails(context).get(slug, since);
    if (holds(bridge, phoneNumber)) return bridge;
  }
  return undefined;
}
