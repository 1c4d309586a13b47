import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../sdk";
import type { Connection } from "../connection/connection";
import { runtimeContext } from "../connection/context-cache";
import { shownCheck } from "./check";
import type { ResourceDescriptor } from "./descriptor";
import { diffWith } from "./diff";
import { describeFailures } from "./errors";
import { leanHeap } from "./lean-heap";
import { isLookup, notFound } from "./not-found";
import { secretKeys } from "./secrets";

export type { Connection };

const served = new WeakMap<ResourceDescriptor, dynamic.ResourceProvider>();

/**
 * The provider both front doors serve for a type, made once per descriptor: its code's methods,
 * each platform-facing one with the context and its client, the diff the descriptor's inputs and
 * replace-on fields give, and any failure naming the type and the operation (see `operationError`).
 */
export function serve(descriptor: ResourceDescriptor): dynamic.ResourceProvider {
  let provider = served.get(descriptor);
  if (!provider) {
    provider = build(descriptor);
    served.set(descriptor, provider);
  }
  return provider;
}

function build(descriptor: ResourceDescriptor): dynamic.ResourceProvider {
  const { type, naming, code } = descriptor;
  // Only a provider process calls these (the program builds this object, it never calls it):
  // thousands of numbers' short-lived garbage follows, in Pulumi's dynamic-provider host or the plugin.
  const served = <T>(operation: string, body: () => Promise<T>): Promise<T> => {
    leanHeap();
    return describeFailures(type, operation, body);
  };
  const run = <T>(operation: string, body: (connection: Connection) => Promise<T>): Promise<T> =>
    served(operation, async () => {
      const context = runtimeContext();
      return body({ context, client: await context.ready() });
    });
  return {
    // The platform-facing parts of a check (catalogue, cached lists) fail naming the type too.
    check: (olds, news) =>
      served("check", async () =>
        shownCheck(await code.check(olds, news), news, secretKeys(descriptor.inputs)),
      ),
    diff: async (_id, olds, news) => diffWith(descriptor, olds, news),
    create: (inputs: Record<string, unknown>) =>
      run("create", (connection) => code.create(inputs, connection)),
    read: (id, props?: Record<string, unknown>) =>
      run("read", async (connection) => {
        const result = await code.read(id, props ?? {}, connection);
        if (result.id || !isLookup(props)) return result;
        throw await notFound(naming, id, connection, (elsewhere) => code.read(id, {}, elsewhere));
      }),
    update: (id, olds: Record<string, unknown>, news: Record<string, unknown>) =>
      run("update", (connection) => code.update(id, olds, news, connection)),
    delete: (id, props: Record<string, unknown>) =>
      run("delete", (connection) => code.delete(id, props, connection)),
  };
}

/** Deleting what is already gone is success: the state it leaves is the one asked for. */
export async function goneIsDone(deletion: Promise<unknown>): Promise<void> {
  try {
    await deletion;
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
}

/** A read of something that may be gone: `undefined` for a 404. */
export async function unlessGone<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}
