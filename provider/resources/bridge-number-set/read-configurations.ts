import type { BridgeDetail, VoiceClient } from "../../../sdk";
import { stripPhoneSeparators } from "../../../sdk";

/**
 * The configuration of each number of a bridge read with no state (an import, a `get`). The
 * platform does not say which configuration connected a number, only the bridge's provider; when
 * the organization has one configuration of that provider, the bridge's numbers were connected
 * through it (a configuration a link uses cannot be deleted), as `export` also decides. With
 * several, or none, the numbers stay unknown (`null`).
 */
export async function configurationsOfRead(
  client: VoiceClient,
  bridge: BridgeDetail,
): Promise<ReadonlyMap<string, number>> {
  if (bridge.numbers.length === 0 || !bridge.provider) return new Map();
  const { data } = await client.providerConfigurations.list();
  const candidates = data.filter((c) => c.provider === bridge.provider);
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (only === undefined) return new Map();
  return new Map(bridge.numbers.map((n) => [stripPhoneSeparators(n.number), only.id]));
}
