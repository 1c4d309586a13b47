import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../sdk";
import { runtimeContext } from "../context-cache";
import type { ResourceDescriptor } from "../descriptor";
import { describeFailures } from "../errors";
import { leanHeap } from "../lean-heap";
import { shownFailures } from "./check";
import { diffWith } from "./diff";
import type { Engine } from "./engine";
import { isLookup, notFound } from "./not-found";

export type { Engine };

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
  const run = <T>(operation: string, body: (engine: Engine) => Promise<T>): Promise<T> =>
    served(operation, async () => {
      const context = runtimeContext();
      return body({ context, client: await context.ready() });
    });
  return {
    // The platform-facing parts of a check (catalogue, cached lists) fail naming the type too.
    check: (olds, news) =>
      served("check", async () => {
        const result = await code.check(olds, news);
        return result.failures?.length
          ? { ...result, failures: shownFailures(news, result.failures) }
          : result;
      }),
    diff: async (_id, olds, news) => diffWith(descriptor, olds, news),
    create: (inputs: Record<string, unknown>) => run("create", (engine) => code.create(inputs, engine)),
    read: (id, props?: Record<string, unknown>) =>
      run("read", async (engine) => {
        const result = await code.read(id, props ?? {}, engine);
        if (result.id || !isLookup(props)) return result;
        throw await notFound(naming, id, engine, (elsewhere) => code.read(id, {}, elsewhere));
      }),
    update: (id, olds: Record<string, unknown>, news: Record<string, unknown>) =>
      run("update", (engine) => code.update(id, olds, news, engine)),
    delete: (id, props: Record<string, unknown>) => run("delete", (engine) => code.delete(id, props, engine)),
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
