import type * as provider from "@pulumi/pulumi/provider";
import { comparedInputs, sameValue } from "../runtime/diff";
import { isUnknown } from "../runtime/fields";
import { secretKeys } from "../runtime/secrets";
import { serve } from "../runtime/serve";
import type { ImpactReview } from "./impact-review";
import { invoke } from "./invokes";
import { resourceOf } from "./resources";
import { markSecrets as markWith, plainProps } from "./secrets";
import { checkable, comparable, withoutPlaceholders, withRecordedSecrets } from "./write-only";

/** How one input property changed, as the engine's detailed diff names it. */
export type PropertyChange = "update" | "replace";

/** The runtime's diff plus the property-level changes (served by `gaps.ts`, which the 3.259 server lacks). */
export interface NativeDiffResult extends provider.DiffResult {
  readonly detailedDiff: Readonly<Record<string, PropertyChange>>;
}

/** What `read` answers: the runtime's read with secrets re-marked; no id means the resource is gone. */
export interface NativeReadResult {
  readonly id?: string;
  readonly props?: Record<string, unknown>;
  readonly inputs?: Record<string, unknown>;
}

/** The provider the plugin serves: every call routed by type token to the runtime object of that type. */
export interface NativeProvider extends provider.Provider {
  /** `oldInputs`: the recorded inputs, which hold a write-only secret the outputs may lack (see `write-only.ts`). */
  diff(id: string, urn: string, olds: unknown, news: unknown, oldInputs?: unknown): Promise<NativeDiffResult>;
  /** `inputs`: the recorded inputs; none on an import. */
  read(id: string, urn: string, props?: unknown, inputs?: unknown): Promise<NativeReadResult>;
}

/** The input properties whose values differ, of those the runtime's diff compared; replacing ones as it says. */
function detailedDiff(
  keys: readonly string[],
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  replaces: readonly string[],
): Record<string, PropertyChange> {
  const changes: Record<string, PropertyChange> = {};
  for (const key of keys) {
    if (replaces.includes(key)) changes[key] = "replace";
    else if (isUnknown(news[key]) || !sameValue(olds[key], news[key])) changes[key] = "update";
  }
  return changes;
}

/** Props with the secret fields of the resource at `urn` re-marked as secrets. */
const markSecrets = <T extends Record<string, unknown> | undefined>(urn: string, props: T): T =>
  markWith(props, secretKeys(resourceOf(urn).inputs));

/**
 * Builds the native provider over the runtime; `schema` is the package schema served by GetSchema;
 * `impact` warns of what each change or replacement a diff finds does to live calls.
 */
export function nativeProvider(
  version: string,
  schema: string,
  impact?: Pick<ImpactReview, "review">,
): NativeProvider {
  return {
    version,
    schema,

    async check(urn, olds, news) {
      const resource = resourceOf(urn);
      const check = serve(resource).check;
      if (!check) return { inputs: markSecrets(urn, plainProps(news)) };
      const recorded = plainProps(olds);
      const supplied = checkable(resource, recorded, plainProps(news));
      const result = await check(recorded, supplied.news);
      const inputs = withoutPlaceholders(plainProps(result.inputs), supplied.placeholders);
      return { inputs: markSecrets(urn, inputs), failures: result.failures ?? [] };
    },

    async diff(id, urn, olds, news, oldInputs) {
      const resource = resourceOf(urn);
      const { olds: o, news: n } = comparable(
        resource,
        plainProps(olds),
        plainProps(oldInputs),
        plainProps(news),
      );
      const result = (await serve(resource).diff?.(id, o, n)) ?? {};
      const replaces = result.replaces ?? [];
      const detailed = detailedDiff(comparedInputs(resource), o, n, replaces);
      if (result.changes === true)
        await impact?.review(urn, resource, {
          op: replaces.length > 0 ? "replace" : "update",
          olds: o,
          news: n,
        });
      return {
        ...(result.changes === undefined ? {} : { changes: result.changes }),
        replaces: [...replaces],
        stables: [...(result.stables ?? [])],
        ...(result.deleteBeforeReplace === undefined
          ? {}
          : { deleteBeforeReplace: result.deleteBeforeReplace }),
        detailedDiff: detailed,
      };
    },

    async create(urn, inputs) {
      const result = await serve(resourceOf(urn)).create(plainProps(inputs));
      return { id: result.id, outs: markSecrets(urn, plainProps(result.outs)) };
    },

    async read(id, urn, props, inputs) {
      const resource = resourceOf(urn);
      const read = serve(resource).read;
      const recorded = withRecordedSecrets(resource, plainProps(props), plainProps(inputs));
      const result = read ? await read(id, recorded) : { id, props: recorded };
      if (!result.id) return {};
      return {
        id: result.id,
        props: markSecrets(urn, plainProps(result.props)),
        ...(result.inputs === undefined ? {} : { inputs: markSecrets(urn, plainProps(result.inputs)) }),
      };
    },

    async update(id, urn, olds, news) {
      const update = serve(resourceOf(urn)).update;
      if (!update) return { outs: markSecrets(urn, plainProps(news)) };
      const result = await update(id, plainProps(olds), plainProps(news));
      return { outs: markSecrets(urn, plainProps(result.outs)) };
    },

    async delete(id, urn, props) {
      await serve(resourceOf(urn)).delete?.(id, plainProps(props));
    },

    async invoke(token, inputs) {
      return { outputs: await invoke(token, plainProps(inputs)) };
    },
  };
}
