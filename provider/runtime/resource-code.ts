import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { Engine } from "./engine";

/**
 * One resource type's engine-side code in its own terms: typed inputs and outputs, the engine at hand.
 * The diff is not here: it follows from the type's descriptor (its inputs and replace-on fields).
 */
export interface ResourceCode<I, O> {
  check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<dynamic.CheckResult>;
  create(inputs: I, engine: Engine): Promise<{ id: string; outs: O }>;
  /** The live resource as state and inputs; `{}` when it is gone. */
  read(id: string, props: Partial<O>, engine: Engine): Promise<dynamic.ReadResult>;
  update(id: string, olds: O, news: I, engine: Engine): Promise<{ outs: O }>;
  delete(id: string, props: O, engine: Engine): Promise<void>;
  /**
   * Inputs whose recorded and declared values are compared by the type's own rule rather than
   * structurally (a set's numbers: the same links, whatever the order or what the platform cannot say).
   */
  readonly sameInput?: Readonly<Record<string, (recorded: unknown, declared: unknown) => boolean>>;
  /**
   * What a create stopped part-way left, as the state to record when `recover` finds a live record
   * that differs from the declared inputs (`live` as `read` gives it without state): the part the
   * declaration made (a set's declared numbers found on its bridge), for the next `up` to finish;
   * `undefined` when the live record is not part of what the inputs declare. Types whose create is
   * one write have none: a different record is somebody else's.
   */
  partial?(inputs: I, live: O): O | undefined;
}

/** The code of any type, as the shared machinery holds it (each type's own inputs and outputs are records). */
export type AnyResourceCode = ResourceCode<Record<string, unknown>, Record<string, unknown>>;
