import * as pulumi from "@pulumi/pulumi";
import type { VoiceClient } from "../sdk";
import { describeFailures } from "./errors";
import { programContext } from "./program-context";

/** Pulumi inputs of a data source's arguments. */
export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/** A lookup as a pair: `get(args)` answers a Promise, `getOutput(args)` an Output that waits for input outputs. */
export interface DataSource<A, R> {
  get(args?: A): Promise<R>;
  getOutput(args?: InputArgs<A>): pulumi.Output<R>;
}

/** Builds both forms of a data source over one fetch; failures name the data source. */
export function dataSource<A extends object, R>(
  name: string,
  fetch: (client: VoiceClient, args: Partial<A>) => Promise<R>,
): DataSource<A, R> {
  const get = (args?: A) =>
    describeFailures(name, "lookup", async () => fetch(await programContext().ready(), args ?? {}));
  return {
    get,
    getOutput: (args) => pulumi.output(args ?? {}).apply((a) => get(a as A)) as pulumi.Output<R>,
  };
}
