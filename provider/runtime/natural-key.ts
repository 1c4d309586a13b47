import {
  type BridgeDetail,
  NotFoundError,
  type ProviderConfiguration,
  type SipTrunk,
  type VoiceClient,
} from "../../sdk";
import { bridgeNumberId } from "./bridge-number";
import { normalizePhoneNumber } from "./fields";
import type { OwnedType } from "./ownership";

/** The resource types by their dynamic type token's last part. */
export const OWNED_TYPES: readonly OwnedType[] = [
  "ProviderConfiguration",
  "Bridge",
  "BridgeNumber",
  "SipTrunk",
];

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

// Each record found by the natural key the platform keeps unique: how a create whose answer was lost
// is settled, how `adopt` finds what it takes over, and how `recover` finds an interrupted create.

/**
 * The resource id of what the platform holds under the natural key of `inputs` (checked inputs as
 * the engine recorded them), or `undefined` when nothing is there. This is how a create whose
 * outcome was never recorded (an interrupted `pulumi up`) is found again.
 */
export async function idByNaturalKey(
  client: VoiceClient,
  type: OwnedType,
  inputs: Record<string, unknown>,
): Promise<string | undefined> {
  switch (type) {
    case "Bridge": {
      const slug = text(inputs.slug);
      return slug && (await findBridge(client, slug)) ? slug : undefined;
    }
    case "ProviderConfiguration": {
      const account = text(inputs.accountSid);
      const found = account && (await findConfiguration(client, account));
      return found ? String(found.id) : undefined;
    }
    case "SipTrunk": {
      const name = text(inputs.name);
      const found = name && (await findTrunk(client, name));
      return found ? String(found.id) : undefined;
    }
    case "BridgeNumber": {
      const bridgeSlug = text(inputs.bridgeSlug);
      const phoneNumber = text(inputs.phoneNumber);
      const configId = Number(inputs.providerConfigurationId);
      if (!bridgeSlug || !phoneNumber) return undefined;
      const bridge = await findBridge(client, bridgeSlug);
      const linked = bridge?.numbers.some((n) => normalizePhoneNumber(n.number) === phoneNumber);
      return linked
        ? bridgeNumberId({ bridgeSlug, providerConfigurationId: configId, phoneNumber })
        : undefined;
    }
  }
}

/** The bridge with this slug (detail view), or `undefined`. */
export async function findBridge(client: VoiceClient, slug: string): Promise<BridgeDetail | undefined> {
  try {
    return await client.bridges.retrieve(slug);
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/** The organization's configuration of this provider account, or `undefined` (the platform keeps one per account). */
export async function findConfiguration(
  client: VoiceClient,
  accountSid: string,
): Promise<ProviderConfiguration | undefined> {
  return (await client.providerConfigurations.list()).data.find((c) => c.account_sid === accountSid);
}

/** The trunk with this name, read in full (listings mask the user name), or `undefined`. */
export async function findTrunk(client: VoiceClient, name: string): Promise<SipTrunk | undefined> {
  const listed = (await client.trunks.list()).data.find((t) => t.name === name);
  return listed && (await client.trunks.retrieve(listed.id));
}
