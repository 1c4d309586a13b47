import { NotFoundError, type VoiceClient } from "../../sdk";
import { normalizePhoneNumber } from "../fields";
import { bridgeNumberId } from "./bridge-number";
import type { OwnedType } from "./ownership";

/** The resource types by their dynamic type token's last part. */
export const OWNED_TYPES: readonly OwnedType[] = [
  "ProviderConfiguration",
  "Bridge",
  "BridgeNumber",
  "SipTrunk",
];

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

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
      return slug && (await exists(() => client.bridges.retrieve(slug))) ? slug : undefined;
    }
    case "ProviderConfiguration": {
      const account = text(inputs.accountSid);
      const found = (await client.providerConfigurations.list()).data.find((c) => c.account_sid === account);
      return found && String(found.id);
    }
    case "SipTrunk": {
      const name = text(inputs.name);
      const found = (await client.trunks.list()).data.find((t) => t.name === name);
      return found && String(found.id);
    }
    case "BridgeNumber": {
      const bridgeSlug = text(inputs.bridgeSlug);
      const phoneNumber = text(inputs.phoneNumber);
      const configId = Number(inputs.providerConfigurationId);
      if (!bridgeSlug || !phoneNumber) return undefined;
      const bridge = await exists(() => client.bridges.retrieve(bridgeSlug));
      const linked = bridge?.numbers.some((n) => normalizePhoneNumber(n.number) === phoneNumber);
      return linked
        ? bridgeNumberId({ bridgeSlug, providerConfigurationId: configId, phoneNumber })
        : undefined;
    }
  }
}

async function exists<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}
