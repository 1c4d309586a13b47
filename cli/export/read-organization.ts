import { REGISTRY } from "../../provider/resources/registry";
import type { VoiceClient } from "../../sdk";
import type { Organization } from "./organization";
import type { Progress } from "./progress";

/**
 * The organization's records of every kind its type reads from the platform. The kinds are read
 * together: the client's in-flight cap and its pacing by the platform's rate-limit headers bound the
 * run, not the size of the organization.
 */
export async function readOrganization(
  client: VoiceClient,
  orgHandle: string,
  progress: Progress,
): Promise<Organization> {
  const read = await Promise.all(
    REGISTRY.flatMap(({ exported: { kind, source } }) =>
      "read" in source
        ? [source.read(client, progress).then((records): [string, unknown[]] => [`${kind}s`, records])]
        : [],
    ),
  );
  return { orgHandle, ...Object.fromEntries(read) } as Organization;
}
