import type { z } from "zod";
import type { ExportMapping } from "./export-mapping";
import type { NaturalKey } from "./natural-key";
import type { ResourceChange } from "./planned-change";
import type { AnyResourceCode } from "./resource-code";
import type { Touch } from "./touch";

/** How messages name a resource type and what its resource id is, in words. */
export interface Naming {
  readonly noun: string;
  readonly id: string;
}

/**
 * Everything the shared machinery knows of one resource type: the package schema, both front doors,
 * ownership and natural-key lookups, write-only secrets, the export and the policy adapter all read
 * a type from here and keep no table of their own.
 */
export interface ResourceDescriptor<T extends string = string, M extends ExportMapping = ExportMapping> {
  /** The type's name, the last part of both type tokens, e.g. `Bridge`. */
  readonly type: T;
  /** What the resource is, for the package schema and the generated reference. */
  readonly description: string;
  /** The inputs after check; each field `.describe()`d once, for inputs and outputs alike. */
  readonly inputs: z.ZodObject;
  /** What state records; fields that are not inputs carry their own description. */
  readonly outputs: z.ZodObject;
  /** How messages name the type and its id, e.g. `no bridge "x" … (the id of a bridge is the slug)`. */
  readonly naming: Naming;
  readonly key: NaturalKey;
  /** The engine-side CRUD; `serve` makes it the provider both front doors use, with the diff below. */
  readonly code: AnyResourceCode;
  /**
   * Whether the platform holds the type's secrets (its `secret` fields, write-only there) for a
   * recorded resource, given its recorded props; always when absent.
   */
  holdsSecrets?(olds: Record<string, unknown>): boolean;
  /** The inputs whose change replaces the resource; every other input (but `adopt`) updates in place. */
  readonly replaceOn: readonly string[];
  /** Whether a replacement deletes the old resource first, because two cannot coexist. */
  readonly deleteBeforeReplace?: true;
  /** How `export` declares a platform record of the type. */
  readonly exported: M;
  /**
   * The numbers (or the bridge, configuration or trunk whose numbers) a planned change affects, for
   * the impact on live calls; absent or empty when the type's changes cannot affect calls.
   */
  touches?(change: ResourceChange): Touch[];
}

/** The description of a property: the input's, else the output's (a field is described once). */
export function describedAs(descriptor: ResourceDescriptor, property: string): string | undefined {
  const inputs = descriptor.inputs.shape as Record<string, z.ZodType>;
  const outputs = descriptor.outputs.shape as Record<string, z.ZodType>;
  return inputs[property]?.description ?? outputs[property]?.description;
}
