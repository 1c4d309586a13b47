import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../sdk";
import { runtimeContext } from "../context-cache";
import type { Naming } from "../descriptor";
import { describeFailures } from "../errors";
import type { Engine } from "./engine";
import { isLookup, notFound } from "./not-found";

export type { Engine };

/** One resource type's engine-side code in its own terms: typed inputs and outputs, the engine at hand. */
export interface ResourceCode<I, O> {
  check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<dynamic.CheckResult>;
  diff(id: string, olds: Record<string, unknown>, news: Record<string, unknown>): Promise<dynamic.DiffResult>;
  create(inputs: I, engine: Engine): Promise<{ id: string; outs: O }>;
  /** The live resource as state and inputs; `{}` when it is gone. */
  read(id: string, props: Partial<O>, engine: Engine): Promise<dynamic.ReadResult>;
  update(id: string, olds: O, news: I, engine: Engine): Promise<{ outs: O }>;
  delete(id: string, props: O, engine: Engine): Promise<void>;
}

/**
 * The provider both front doors serve for a type: each platform-facing method gets the context and
 * its client, and any failure names the type and the operation (see `operationError`).
 */
export function serve<I, O>(
  type: string,
  naming: Naming,
  code: ResourceCode<I, O>,
): dynamic.ResourceProvider {
  const run = <T>(operation: string, body: (engine: Engine) => Promise<T>): Promise<T> =>
    describeFailures(type, operation, async () => {
      const context = runtimeContext();
      return body({ context, client: await context.ready() });
    });
  return {
    check: (olds, news) => code.check(olds, news),
    diff: (id, olds, news) => code.diff(id, olds, news),
    create: (inputs: I) => run("create", (engine) => code.create(inputs, engine)),
    read: (id, props?: Partial<O>) =>
      run("read", async (engine) => {
        const result = await code.read(id, props ?? {}, engine);
        if (result.id || !isLookup(props)) return result;
        throw await notFound(naming, id, engine, (elsewhere) => code.read(id, {}, elsewhere));
      }),
    update: (id, olds: O, news: I) => run("update", (engine) => code.update(id, olds, news, engine)),
    delete: (id, props: O) => run("delete", (engine) => code.delete(id, props, engine)),
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
