import type { VoiceClient } from "../../sdk";
import { exportedBridge, type Organization } from "./organization";
import type { Progress } from "./progress";

/** Every record of a listing, following pages when the platform pages it. */
async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const records: T[] = [];
  for await (const record of list) records.push(record);
  return records;
}

/**
 * The organization's configurations, bridges with their linked numbers, and trunks. The three
 * listings go out together and the trunks are read in parallel: the client's in-flight cap and its
 * pacing by the platform's rate-limit headers bound the run, not the size of the organization.
 */
export async function readOrganization(
  client: VoiceClient,
  orgHandle: string,
  progress: Progress,
): Promise<Organization> {
  const [configurations, bridges, listedTrunks] = await Promise.all([
    all(client.providerConfigurations.list()).then((r) => progress.read("provider configurations", r)),
    all(client.bridges.list()).then((r) => progress.read("bridges", r)),
    all(client.trunks.list()).then((r) => progress.read("SIP trunks (listed)", r)),
  ]);
  let done = 0;
  const trunks = await Promise.all(
    listedTrunks.map(async (t) => {
      const full = await client.trunks.retrieve(t.id);
      progress.tick("SIP trunks read", ++done, listedTrunks.length);
      return full;
    }),
  );
  return { orgHandle, configurations, bridges: bridges.map(exportedBridge), trunks };
}
