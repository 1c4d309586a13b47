import * as pulumi from "@pulumi/pulumi";
import type { VoiceClient } from "../../sdk";
import { isExpectedFailure, operationError } from "../runtime/errors";
import { programClient, programFailure } from "./program-context";

/** Pulumi inputs of a data source's arguments. */
export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/** A lookup as a pair: `get(args)` answers a Promise, `getOutput(args)` an Output that waits for input outputs. */
export interface DataSource<A, R> {
  get(args?: A): Promise<R>;
  getOutput(args?: InputArgs<A>): pulumi.Output<R>;
}

/**
 * A failed lookup, named after the data source. An expected failure (the platform's answer, a
 * lookup that found nothing) is a {@link programFailure}: printed once, without a stack.
 */
function lookupFailure(name: string, err: unknown): Error {
  const wrapped = operationError(name, "lookup", err);
  return isExpectedFailure(err) ? programFailure(wrapped.message) : wrapped;
}

/**
 * Builds both forms of a data source over one lookup. A failure to connect (configuration, token,
 * unreachable platform) is the one error every data source shares (see `programClient`), so it is
 * printed once; a failure of the lookup itself names the data source.
 */
export function dataSource<A extends object, R>(
  name: string,
  fetch: (client: VoiceClient, args: Partial<A>) => Promise<R>,
): DataSource<A, R> {
  const get = async (args?: A) => {
    const client = await programClient();
    try {
      return await fetch(client, args ?? {});
    } catch (err) {
      throw lookupFailure(name, err);
    }
  };
  return {
    get,
    getOutput: (args) => pulumi.output(args ?? {}).apply((a) => get(a as A)) as pulumi.Output<R>,
  };
}
