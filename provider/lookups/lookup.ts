import type { z } from "zod";
import type { VoiceClient } from "../../sdk";

/**
 * A lookup as the plugin and the program both serve it: its name (`getBridges`, the invoke's token
 * is `voice:index:<name>`), what it answers, its arguments and the record it answers as zod (each
 * field described once: the text feeds the package schema), and the function over the SDK.
 */
export interface Lookup {
  readonly name: string;
  readonly description: string;
  readonly args: z.ZodObject;
  /** The record the lookup answers; a list lookup (`many`) answers an array of them. */
  readonly output: z.ZodType;
  readonly many: boolean;
  readonly run: (client: VoiceClient, args: Record<string, unknown>) => Promise<unknown>;
}

/** Builds a {@link Lookup}, checking at compile time that `run` answers what `output` declares. */
export function lookup<A extends z.ZodObject, O extends z.ZodType, M extends boolean>(spec: {
  name: string;
  description: string;
  args: A;
  output: O;
  many: M;
  run: (
    client: VoiceClient,
    args: Partial<z.input<A>>,
  ) => Promise<M extends true ? z.output<O>[] : z.output<O>>;
}): Lookup {
  return { ...spec, run: (client, args) => spec.run(client, args as Partial<z.input<A>>) };
}
