import { type BridgeDetail, NotFoundError, stripPhoneSeparators, type VoiceClient } from "../../../sdk";
import { type Holder, type NaturalKey, text } from "../../runtime/natural-key";

/** The bridge with this slug (detail view), or `undefined`. */
export async function findBridge(client: VoiceClient, slug: string): Promise<BridgeDetail | undefined> {
  try {
    return await client.bridges.retrieve(slug);
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/**
 * Every bridge and every number linked to one, from the one list that holds both: the links' keys
 * (`BridgeNumber <number>`) are read with the bridges, so both types share one request.
 */
export async function bridgesAndLinks(client: VoiceClient): Promise<[string, Holder][]> {
  const entries: [string, Holder][] = [];
  for (const b of (await client.bridges.list()).data) {
    entries.push([`Bridge ${b.slug}`, { what: `id ${b.id}` }]);
    for (const n of b.numbers) {
      const holder = { what: `bridge "${b.slug}"`, bridgeSlug: b.slug };
      entries.push([`BridgeNumber ${stripPhoneSeparators(n.number)}`, holder]);
    }
  }
  return entries;
}

/** A bridge's natural key: its slug, which is also its resource id. */
export const BRIDGE_KEY: NaturalKey = {
  type: "Bridge",
  property: "slug",
  describe: "bridge slug",
  source: "Bridge",
  holders: bridgesAndLinks,
  async idOf(client, inputs) {
    const slug = text(inputs.slug);
    return slug && (await findBridge(client, slug)) ? slug : undefined;
  },
};
