import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { notAString } from "../runtime/fields";
import { secretKeys } from "../runtime/secrets";
import { dynamicToken } from "../urn/type-token";
import { warnIfPlainSecrets } from "./plain-secret-warning";
import { programFailure } from "./program-context";

/** A resource's outputs as properties of its class: each recorded value as an `Output`. */
export type OutputProperties<T> = { readonly [K in keyof T]-?: pulumi.Output<T[K]> };

/**
 * The `__provider` text of a type: the module the engine's dynamic-provider host loads
 * (`requireFromString(text).handler()`, then `configure`) to serve every resource of that type. It
 * holds nothing but the type name and loads the implementation by package name, so refresh/destroy
 * run the installed code rather than a copy frozen at create time, and state holds no schema, client
 * or secret. State stores it twice per resource and the file backend rewrites every resource after
 * each step, so it is one line of about 0.1 KB, and it reads only the runtime's `configure` and
 * per-type exports, which every version has (a state written by this version still loads with an
 * earlier one installed). The host calls `handler()` only just before `configure`, which loads the
 * runtime anyway, so loading it in `handler()` costs nothing.
 *
 * It is written out rather than produced by `pulumi.dynamic.Resource`'s closure serialization: that
 * yields the same forwarding provider in about 2.1 KB, and loading the serializer (it parses
 * functions with the TypeScript compiler) costs the program process about 100 MB of memory.
 */
export function providerSource(t: string): string {
  return `exports.handler=()=>{const r=require("pulumi-voice-platform/runtime");return{...r[${JSON.stringify(t)}],configure:r.configure}}`;
}

/** A type's inputs and outputs schemas: the outputs name what the engine fills, the inputs which are secret. */
export interface ResourceSchemas {
  readonly inputs: z.ZodObject;
  readonly outputs: z.ZodObject;
}

/** What every resource of a type registers besides its inputs. */
interface Registration {
  readonly token: string;
  /** Every output, unset, so the engine fills it: the names come from the outputs schema. */
  readonly outputs: Readonly<Record<string, undefined>>;
  readonly secrets: readonly string[];
  readonly source: string;
}

/**
 * Worked out once per type rather than per resource: at thousands of resources the per-resource
 * copies (the provider text alone is about 0.5 KB) were garbage the program process collected
 * while it declared them.
 */
const registrations = new Map<string, Registration>();

function registrationOf(type: string, schemas: ResourceSchemas): Registration {
  let r = registrations.get(type);
  if (!r) {
    r = {
      token: dynamicToken(type),
      outputs: Object.fromEntries(Object.keys(schemas.outputs.shape).map((k) => [k, undefined])),
      secrets: [...secretKeys(schemas.inputs)],
      source: providerSource(type),
    };
    registrations.set(type, r);
  }
  return r;
}

/**
 * Base of the resource classes: what `pulumi.dynamic.Resource` registers (type token
 * `pulumi-nodejs:dynamic/voice:<Type>`, the inputs plus `__provider`), with the provider text above.
 * URNs and the engine's handling are the same as for any dynamic resource. The type's secret inputs
 * are passed as secrets and kept secret in its outputs.
 */
export abstract class VoiceResource extends pulumi.CustomResource {
  protected constructor(
    type: string,
    schemas: ResourceSchemas,
    name: string,
    args: pulumi.Inputs | undefined,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    // The engine would take a number as the name '' (a phone number read from config names a link).
    if (typeof name !== "string") throw programFailure(`voice:${type} resource name ${notAString(name)}`);
    const { token, outputs, secrets, source } = registrationOf(type, schemas);
    const props: pulumi.Inputs = { ...args };
    for (const key of secrets) if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
    super(
      token,
      name,
      { ...outputs, ...props, __provider: source },
      secrets.length > 0 ? pulumi.mergeOptions(opts, { additionalSecretOutputs: [...secrets] }) : opts,
    );
    warnIfPlainSecrets();
  }
}
