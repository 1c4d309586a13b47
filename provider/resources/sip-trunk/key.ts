import type { SipTrunk, VoiceClient } from "../../../sdk";
import { type NaturalKey, text } from "../../runtime/natural-key";

/** The trunk with this name, read in full (listings mask the user name), or `undefined`. */
export async function findTrunk(client: VoiceClient, name: string): Promise<SipTrunk | undefined> {
  const listed = (await client.trunks.list()).data.find((t) => t.name === name);
  return listed && (await client.trunks.retrieve(listed.id));
}

/** A trunk's natural key: its name, unique in the organization. */
export const SIP_TRUNK_KEY: NaturalKey = {
  type: "SipTrunk",
  property: "name",
  describe: "SIP trunk",
  source: "SipTrunk",
  async holders(client) {
    return (await client.trunks.list()).data.map((t) => [`SipTrunk ${t.name}`, { what: `id ${t.id}` }]);
  },
  async idOf(client, inputs) {
    const name = text(inputs.name);
    const found = name && (await findTrunk(client, name));
    return found ? String(found.id) : undefined;
  },
};
