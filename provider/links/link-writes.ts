import { BadRequestError, NotFoundError, stripPhoneSeparators } from "../../sdk";
import type { Connection } from "../connection/connection";
import { isAmbiguous, pause, settleCreate } from "../runtime/settle";
import { bridgeDetails } from "./bridge-details";
import { numberReleases } from "./number-releases";

// The two writes of a number link, each settled like any other write: a connect whose answer was
// lost is settled by reading the bridge (the link's natural key is bridge + number), a disconnect
// likewise, and disconnecting what is not linked is success. The per-link resource and the number
// sets share them, so both make the same requests and settle the same way.

/** One number to connect: where, which number, through which provider configuration. */
export interface LinkTarget {
  readonly bridgeSlug: string;
  readonly phoneNumber: string;
  readonly providerConfigurationId: number;
}

/** Whether the bridge, read after `since`, lists the number. */
async function onBridge({ context }: Connection, bridgeSlug: string, phoneNumber: string): Promise<boolean> {
  const bridge = await bridgeDetails(context).get(bridgeSlug, bridgeDetails(context).now());
  return bridge?.numbers.some((n) => stripPhoneSeparators(n.number) === phoneNumber) ?? false;
}

/** Whether the platform refused a connect because the number sits on a bridge already. */
export const isAlreadyLinked = (err: unknown): err is BadRequestError =>
  err instanceof BadRequestError && err.code === "number_already_linked";

/**
 * Connects a number to a bridge, settling a lost answer by reading the bridge. A definite
 * `number_already_linked` is thrown as the platform said it, unless `moveFromGiver` is set and a
 * number set of this run gives the number up (see `number-releases.ts`): then this call makes the move,
 * disconnecting it from that bridge and connecting it again.
 */
export async function connectNumber(
  connection: Connection,
  target: LinkTarget,
  options: { moveFromGiver?: boolean; taken?: (failure: unknown) => Promise<unknown> } = {},
): Promise<void> {
  const { context, client } = connection;
  const { bridgeSlug, phoneNumber, providerConfigurationId } = target;
  for (let round = 1; ; round++) {
    try {
      await settleCreate<unknown>({
        key: `the link of ${phoneNumber} to bridge "${bridgeSlug}"`,
        create: () =>
          bridgeDetails(context).write(bridgeSlug, () =>
            client.bridges.connectProvider(bridgeSlug, {
              provider_config_id: providerConfigurationId,
              phone_number: phoneNumber,
            }),
          ),
        lookup: async () => ((await onBridge(connection, bridgeSlug, phoneNumber)) ? true : undefined),
        differences: () => [],
        takenBefore: () => false,
        taken: options.taken ?? (async (failure) => failure),
        ...context.settlePolicy(),
      });
      return;
    } catch (err) {
      const giver =
        options.moveFromGiver && round === 1 && isAlreadyLinked(err)
          ? await numberReleases.giver(phoneNumber)
          : undefined;
      if (giver === undefined || giver === bridgeSlug) throw err;
      await disconnectNumber(connection, giver, phoneNumber);
      // The giving set's update may be waiting for the number to leave its bridge.
      numberReleases.moved(phoneNumber, giver);
    }
  }
}

/** Disconnecting what is not linked, or from a bridge that is gone, is success. */
const isGone = (err: unknown) =>
  err instanceof NotFoundError || (err instanceof BadRequestError && err.code === "number_not_linked");

/** Disconnects a number from a bridge; a lost answer is settled by reading the bridge, and not linked is success. */
export async function disconnectNumber(
  connection: Connection,
  bridgeSlug: string,
  phoneNumber: string,
): Promise<void> {
  const { context, client } = connection;
  const policy = context.settlePolicy();
  // Disconnecting is a POST: when its answer is lost, the bridge's detail view says whether it happened.
  for (let attempt = 1; ; attempt++) {
    try {
      await bridgeDetails(context).write(bridgeSlug, () =>
        client.bridges.disconnectProvider(bridgeSlug, { phone_number: phoneNumber }),
      );
      return;
    } catch (err) {
      if (isGone(err)) return;
      if (!isAmbiguous(err) || attempt >= policy.attempts) throw err;
    }
    if (!(await onBridge(connection, bridgeSlug, phoneNumber))) return;
    await pause(attempt, policy.baseDelayMs);
  }
}
