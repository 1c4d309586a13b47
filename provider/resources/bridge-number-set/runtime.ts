import type { BridgeDetail } from "../../../sdk";
import { stripPhoneSeparators } from "../../../sdk";
import type { Connection } from "../../connection/connection";
import { bridgeDetails, connectNumber, disconnectNumber, numberReleases } from "../../links";
import { adoptionRefused } from "../../runtime/adopt";
import { sameValue } from "../../runtime/diff";
import type { ResourceCode } from "../../runtime/resource-code";
import { checkSet } from "./check";
import { explainAlreadyLinked, partialFailure } from "./failures";
import { checkSetOwnership } from "./ownership";
import { handOver, plan, type Steps } from "./plan";
import { configurationsOfRead } from "./read-configurations";
import type { BridgeNumbersInputs, BridgeNumbersOutputs, LinkedNumber, SetNumber } from "./schema";

/** Configuration ids the set knows, by number: the declared ones over the recorded ones. */
type Known = ReadonlyMap<string, number | null>;

/**
 * State of the set from the bridge's live view, with the configuration the set knows for each number:
 * every linked number (a read, where numbers linked by anyone else are drift), or only the numbers
 * the set declares or recorded (`owned`: after its own writes, which never make another's number its own).
 */
function outputs(
  bridgeSlug: string,
  bridge: BridgeDetail | undefined,
  known: Known,
  scope: "all" | "owned",
): BridgeNumbersOutputs {
  const numbers = (bridge?.numbers ?? [])
    .filter((n) => scope === "all" || known.has(stripPhoneSeparators(n.number)))
    .map(
      (n): LinkedNumber => ({
        phoneNumber: stripPhoneSeparators(n.number),
        providerConfigurationId: known.get(stripPhoneSeparators(n.number)) ?? null,
        numberId: n.number_id,
      }),
    )
    .sort((a, b) => a.phoneNumber.localeCompare(b.phoneNumber));
  return { bridgeSlug, numbers };
}

const knownOf = (
  ...lists: readonly (readonly { phoneNumber: string; providerConfigurationId: number | null }[])[]
) => new Map(lists.flatMap((l) => l.map((n) => [n.phoneNumber, n.providerConfigurationId] as const)));

/**
 * Runs a plan one write at a time, then reads the bridge once. When a write fails, the bridge is
 * read and the error carries the set's state as the platform has it, so the engine records exactly
 * what is linked and the next `up` finishes the rest. When the bridge cannot be read either, the
 * error carries what this call knows: the numbers `recorded` before it, less those it disconnected,
 * plus those it connected.
 */
async function apply(
  connection: Connection,
  bridgeSlug: string,
  recorded: readonly LinkedNumber[],
  steps: Steps,
  known: Known,
  extra: Record<string, unknown>,
): Promise<BridgeNumbersOutputs> {
  const { context } = connection;
  const made = new Map(recorded.map((n) => [n.phoneNumber, n]));
  try {
    for (const number of steps.disconnects) {
      await disconnectNumber(connection, bridgeSlug, number);
      made.delete(number);
    }
    for (const n of steps.connects) {
      await connectNumber(connection, { bridgeSlug, ...n }, { moveFromGiver: true }).catch((err: unknown) => {
        throw explainAlreadyLinked(err, n.phoneNumber, bridgeSlug);
      });
      // The connect's answer holds no link, so no number id: the next read fills it in.
      made.set(n.phoneNumber, { ...n, numberId: null });
    }
    // Last, the numbers a taker moves: wait (bounded) for its move, and disconnect what it did not move.
    const moved = steps.handed.length > 0 ? await numberReleases.handedOver(steps.handed) : new Set<string>();
    for (const number of steps.handed) {
      if (!moved.has(number)) await disconnectNumber(connection, bridgeSlug, number);
      made.delete(number);
    }
  } catch (err) {
    // The numbers this set took and has not connected: a giver waiting for their move stops waiting.
    for (const n of steps.connects)
      if (!made.has(n.phoneNumber)) numberReleases.abandon(n.phoneNumber, bridgeSlug);
    // A bridge that is gone holds no number; one that cannot be read leaves what this call tracked.
    const live = await bridgeDetails(context)
      .get(bridgeSlug, bridgeDetails(context).now())
      .then(
        (bridge) => ({ bridge }),
        () => undefined,
      );
    const numbers = [...made.values()].sort((a, b) => a.phoneNumber.localeCompare(b.phoneNumber));
    throw live
      ? partialFailure(
          err,
          bridgeSlug,
          { ...outputs(bridgeSlug, live.bridge, known, "owned"), ...extra },
          "read",
        )
      : partialFailure(err, bridgeSlug, { bridgeSlug, numbers, ...extra }, "tracked");
  }
  const bridge = await bridgeDetails(context).get(bridgeSlug, bridgeDetails(context).now());
  return outputs(bridgeSlug, bridge, known, "owned");
}

/** What the engine adds to a dynamic resource's state; kept in a partial failure's state so the set can still be served. */
const reserved = (props: Record<string, unknown>): Record<string, unknown> =>
  "__provider" in props ? { __provider: props.__provider } : {};

/** The engine-side code of `BridgeNumbers`: the authoritative set of a bridge's numbers; numbers are never released. */
export const bridgeNumbersCode: ResourceCode<BridgeNumbersInputs, BridgeNumbersOutputs> = {
  async check(olds, news) {
    return checkSetOwnership(olds, await checkSet(news));
  },

  sameInput: {
    // The same links, whatever their order; a number linked outside the set has no known configuration.
    numbers: (recorded, declared) => {
      if (!Array.isArray(declared)) return sameValue(recorded, declared);
      const steps = plan((recorded ?? []) as LinkedNumber[], declared as SetNumber[]);
      return steps.connects.length + steps.disconnects.length === 0;
    },
  },

  async create(inputs, connection) {
    const { bridgeSlug, numbers } = inputs;
    let recorded: LinkedNumber[] = [];
    if (inputs.adopt) {
      const live = outputs(
        bridgeSlug,
        await bridgeDetails(connection.context).get(bridgeSlug),
        new Map(),
        "all",
      );
      const declared = new Set(numbers.map((n) => n.phoneNumber));
      const extra = live.numbers.filter((n) => !declared.has(n.phoneNumber)).map((n) => n.phoneNumber);
      if (extra.length > 0 && inputs.adopt !== "overwrite")
        throw adoptionRefused(
          `the numbers of bridge "${bridgeSlug}"`,
          extra.map((n) => `numbers (${n} is linked, not declared)`),
        );
      recorded = live.numbers;
    }
    const outs = await apply(
      connection,
      bridgeSlug,
      recorded,
      plan(recorded, numbers),
      knownOf(recorded, numbers),
      reserved(inputs),
    );
    return { id: bridgeSlug, outs };
  },

  async read(id, props, { context, client }) {
    const bridgeSlug = props.bridgeSlug ?? id;
    const bridge = await bridgeDetails(context).get(bridgeSlug);
    if (!bridge) return {};
    // Without state (an import), the inputs read must pass check: each number needs its configuration.
    const known = props.numbers ? knownOf(props.numbers) : await configurationsOfRead(client, bridge);
    const outs = outputs(bridgeSlug, bridge, known, "all");
    const inputs = {
      bridgeSlug,
      numbers: outs.numbers.map(({ phoneNumber, providerConfigurationId }) => ({
        phoneNumber,
        providerConfigurationId,
      })),
    };
    return { id, props: outs, inputs };
  },

  async update(_id, olds, news, connection) {
    const recorded = olds.numbers ?? [];
    const outs = await apply(
      connection,
      news.bridgeSlug,
      recorded,
      await handOver(news.bridgeSlug, plan(recorded, news.numbers)),
      knownOf(recorded, news.numbers),
      reserved(olds),
    );
    return { outs };
  },

  partial(inputs, live) {
    const declared = new Map(inputs.numbers.map((n) => [n.phoneNumber, n.providerConfigurationId]));
    const numbers = live.numbers.flatMap((n) => {
      const providerConfigurationId = declared.get(n.phoneNumber);
      return providerConfigurationId === undefined ? [] : [{ ...n, providerConfigurationId }];
    });
    return { bridgeSlug: live.bridgeSlug, numbers };
  },

  async delete(_id, props, connection) {
    for (const n of props.numbers ?? []) {
      await disconnectNumber(connection, props.bridgeSlug, n.phoneNumber);
    }
  },
};
