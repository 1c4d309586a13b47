import { z } from "zod";
import { describedAs, type ResourceDescriptor } from "../descriptor";
import { REGISTRY } from "../resources/registry";
import { SECRET_FIELDS } from "../runtime/fields";
import { CONFIG_TEXT } from "./config-text";
import { INVOKE_TEXT } from "./invoke-text";
import { INVOKES, invokeToken } from "./invokes";
import { OUTPUTS, type TypeSpec } from "./outputs";
import { PACKAGE, type ResourceName, resourceToken } from "./resources";

/** A property in the package schema. */
export interface PropertySpec extends TypeSpec {
  readonly description: string;
  readonly secret?: boolean;
}

/** A resource (or the provider) in the package schema. */
export interface ResourceSpec {
  readonly description: string;
  readonly inputProperties: Record<string, PropertySpec>;
  readonly requiredInputs?: string[];
  readonly properties: Record<string, PropertySpec>;
  readonly required?: string[];
}

/** A function (invoke) in the package schema. */
export interface FunctionSpec {
  readonly description: string;
  readonly inputs?: { properties: Record<string, PropertySpec>; required?: string[] };
  readonly outputs?: { properties: Record<string, PropertySpec>; required: string[] };
}

/** The package schema the plugin serves from GetSchema. */
export interface PackageSchema {
  readonly name: string;
  readonly displayName: string;
  readonly version: string;
  readonly description: string;
  readonly config: { variables: Record<string, PropertySpec> };
  readonly provider: ResourceSpec;
  readonly resources: Record<string, ResourceSpec>;
  readonly functions: Record<string, FunctionSpec>;
  readonly meta: { supportPack: boolean };
  readonly language: Record<string, Record<string, unknown>>;
}

type JsonSchema = { type?: string | string[]; items?: JsonSchema; anyOf?: JsonSchema[] };

/** A JSON Schema (as zod writes an input schema) as a Pulumi type. */
function typeOf(json: JsonSchema): TypeSpec {
  const variants = json.anyOf ?? (Array.isArray(json.type) ? json.type.map((type) => ({ type })) : undefined);
  if (variants) return { oneOf: variants.map(typeOf) };
  switch (json.type) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return { type: json.type };
    case "array":
      return { type: "array", items: typeOf(json.items ?? {}) };
    default:
      return { $ref: "pulumi.json#/Any" };
  }
}

function property(
  type: TypeSpec,
  description: string | undefined,
  where: string,
  secret: boolean,
): PropertySpec {
  if (!description) throw new Error(`no description for ${where}`);
  return { ...type, description, ...(secret ? { secret: true } : {}) };
}

function resourceSpec(descriptor: ResourceDescriptor<ResourceName>): ResourceSpec {
  const name = descriptor.type;
  const json = z.toJSONSchema(descriptor.inputs, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const inputs = Object.entries(json.properties ?? {});
  const outputs = Object.entries(OUTPUTS[name]);
  const text = (key: string) => describedAs(descriptor, key);
  return {
    description: descriptor.description,
    inputProperties: Object.fromEntries(
      inputs.map(([key, spec]) => [
        key,
        property(typeOf(spec), text(key), `${name}.${key}`, SECRET_FIELDS.has(key)),
      ]),
    ),
    requiredInputs: json.required ?? [],
    properties: Object.fromEntries(
      outputs.map(([key, out]) => [
        key,
        property(out.type, text(key), `${name}.${key}`, SECRET_FIELDS.has(key)),
      ]),
    ),
    required: outputs.filter(([, out]) => out.required).map(([key]) => key),
  };
}

const CONFIG_TYPES: Readonly<Record<string, TypeSpec>> = {
  maxRetries: { type: "integer" },
  retryBaseDelayMs: { type: "integer" },
  timeoutMs: { type: "integer" },
  maxConcurrency: { type: "integer" },
};

/** Arguments of the invokes that take any. */
const INVOKE_ARGS: Readonly<
  Record<string, Record<string, { type: TypeSpec; description: string; required?: true }>>
> = {
  getSpace: { token: { type: { type: "string" }, description: "The space's public token.", required: true } },
  getAgent: { handle: { type: { type: "string" }, description: "The agent's handle.", required: true } },
  getNumbers: {
    state: { type: { type: "string" }, description: "Only numbers in this state, e.g. `ASSIGNED`." },
    includePool: { type: { type: "boolean" }, description: "Also list the platform's pool numbers." },
  },
  getOverview: {
    productId: {
      type: { type: "string" },
      description: "`Product-ID` header; defaults to `voice:productId`.",
    },
  },
  getRuns: {
    spaceToken: { type: { type: "string" }, description: "The space's public token.", required: true },
  },
  getTasks: {
    spaceToken: { type: { type: "string" }, description: "The space's public token.", required: true },
    runId: { type: { type: "string" }, description: "The run's id.", required: true },
  },
  getCallRecords: {
    callType: { type: { type: "string" }, description: "Only calls of this type, e.g. `inbound`." },
    callStatus: { type: { type: "string" }, description: "Only calls with this status, e.g. `completed`." },
  },
  getAnalytics: {
    spaceToken: {
      type: { type: "string" },
      description: "One space's figures instead of the organization's.",
    },
  },
};

function functionSpec(name: string): FunctionSpec {
  const description = INVOKE_TEXT[name];
  if (!description) throw new Error(`no description for ${name}`);
  const args = Object.entries(INVOKE_ARGS[name] ?? {});
  const required = args.filter(([, a]) => a.required).map(([key]) => key);
  const properties = Object.fromEntries(
    args.map(([key, a]) => [key, { ...a.type, description: a.description }]),
  );
  // A lookup of one record answers that record's fields, not yet typed here.
  const single = name === "getSpace" || name === "getAgent" || name === "getAnalytics";
  const items = "The platform's records (see the TypeScript data source of the same name for their fields).";
  return {
    description,
    ...(args.length === 0 ? {} : { inputs: { properties, ...(required.length ? { required } : {}) } }),
    ...(single
      ? {}
      : {
          outputs: {
            properties: { items: { type: "array", items: { $ref: "pulumi.json#/Any" }, description: items } },
            required: ["items"],
          },
        }),
  };
}

/** Builds the package schema from the runtime's input schemas and the declared outputs. */
export function packageSchema(version: string): PackageSchema {
  const configSpecs = Object.fromEntries(
    Object.entries(CONFIG_TEXT).map(([key, text]) => [
      key,
      property(CONFIG_TYPES[key] ?? { type: "string" }, text, `config.${key}`, key === "token"),
    ]),
  );
  return {
    name: PACKAGE,
    displayName: "Voice AI platform",
    version,
    description:
      "Telephony of the Voice AI platform as code: provider configurations, bridges, numbers, SIP trunks.",
    config: { variables: configSpecs },
    provider: {
      description:
        "The provider of the Voice AI platform; its defaults are the `voice:*` stack config and `VOICE_*` environment.",
      inputProperties: configSpecs,
      properties: configSpecs,
    },
    resources: Object.fromEntries(
      REGISTRY.map((descriptor) => [resourceToken(descriptor.type), resourceSpec(descriptor)]),
    ),
    functions: Object.fromEntries(INVOKES.map((name) => [invokeToken(name), functionSpec(name)])),
    // Settings of Pulumi's code generators for the SDKs in sdks/ (a "support pack" gets its own go.mod).
    meta: { supportPack: true },
    language: {
      go: { importBasePath: "pulumi-voice-platform/sdks/go/voice", respectSchemaVersion: true },
      python: { packageName: "pulumi_voice", respectSchemaVersion: true, pyproject: { enabled: true } },
      csharp: { rootNamespace: "Pulumi", respectSchemaVersion: true },
      nodejs: { packageName: "@pulumi-voice-platform/native", respectSchemaVersion: true },
    },
  };
}
