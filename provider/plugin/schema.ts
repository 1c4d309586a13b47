import { z } from "zod";
import { describedAs, type ResourceDescriptor } from "../descriptor";
import { LOOKUPS } from "../lookups";
import { REGISTRY } from "../resources/registry";
import { SECRET_FIELDS } from "../runtime/fields";
import { CONFIG_TEXT } from "./config-text";
import { type FunctionSpec, functionSchema, type ObjectTypeSpec } from "./function-schema";
import { invokeToken } from "./invokes";
import { type JsonSchema, pulumiType, type TypeSpec } from "./json-type";
import { OUTPUTS } from "./outputs";
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

/** The package schema the plugin serves from GetSchema. */
export interface PackageSchema {
  readonly name: string;
  readonly displayName: string;
  readonly version: string;
  readonly description: string;
  readonly config: { variables: Record<string, PropertySpec> };
  readonly provider: ResourceSpec;
  readonly resources: Record<string, ResourceSpec>;
  readonly types: Record<string, ObjectTypeSpec>;
  readonly functions: Record<string, FunctionSpec>;
  readonly meta: { supportPack: boolean };
  readonly language: Record<string, Record<string, unknown>>;
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
        property(pulumiType(spec, `${name}.${key}`), text(key), `${name}.${key}`, SECRET_FIELDS.has(key)),
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

/** Builds the package schema from the runtime's input schemas and the declared outputs. */
export function packageSchema(version: string): PackageSchema {
  const configSpecs = Object.fromEntries(
    Object.entries(CONFIG_TEXT).map(([key, text]) => [
      key,
      property(CONFIG_TYPES[key] ?? { type: "string" }, text, `config.${key}`, key === "token"),
    ]),
  );
  const { functions, types } = functionSchema(LOOKUPS, invokeToken);
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
    types,
    functions,
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
