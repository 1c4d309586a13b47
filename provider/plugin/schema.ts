import { z } from "zod";
import { SETTING_NAMES, type SettingName, settingOf } from "../connection/settings";
import { LOOKUPS } from "../lookups";
import { REGISTRY, type ResourceType } from "../resources/registry";
import { describedAs, type ResourceDescriptor } from "../runtime/descriptor";
import { secretKeys } from "../runtime/secrets";
import { nativeToken, PACKAGE } from "../urn/type-token";
import { configText } from "./config-text";
import { type FunctionSpec, functionSchema, type ObjectTypeSpec, objectTypes } from "./function-schema";
import { type JsonSchema, pulumiType, type TypeSpec } from "./json-type";
import { OUTPUTS } from "./outputs";
import { goModulePath, type PackageRelease, pluginDownloadUrl, repositoryUrl } from "./release";

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
  readonly license: string;
  readonly publisher: string;
  readonly homepage: string;
  readonly repository: string;
  readonly keywords: readonly string[];
  readonly pluginDownloadURL: string;
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

function resourceSpec(descriptor: ResourceDescriptor<ResourceType>): ResourceSpec {
  const name = descriptor.type;
  const json = z.toJSONSchema(descriptor.inputs, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const inputs = Object.entries(json.properties ?? {});
  const outputs = Object.entries(OUTPUTS[name]);
  const text = (key: string) => describedAs(descriptor, key);
  // An output takes its secrecy from the input of the same name, as it takes its description.
  const secrets = secretKeys(descriptor.inputs);
  return {
    description: descriptor.description,
    inputProperties: Object.fromEntries(
      inputs.map(([key, spec]) => [
        key,
        property(
          pulumiType(spec, `${name}.${key}`, nativeToken),
          text(key),
          `${name}.${key}`,
          secrets.has(key),
        ),
      ]),
    ),
    requiredInputs: json.required ?? [],
    properties: Object.fromEntries(
      outputs.map(([key, out]) => [key, property(out.type, text(key), `${name}.${key}`, secrets.has(key))]),
    ),
    required: outputs.filter(([, out]) => out.required).map(([key]) => key),
  };
}

/** The object types resources' inputs and outputs name (e.g. the numbers of a set). */
function resourceTypes(): Record<string, ObjectTypeSpec> {
  const defs = REGISTRY.flatMap((d) =>
    (["input", "output"] as const).map(
      (io) =>
        (z.toJSONSchema(io === "input" ? d.inputs : d.outputs, { io, unrepresentable: "any" }) as JsonSchema)
          .$defs ?? {},
    ),
  );
  return objectTypes(Object.assign({}, ...defs) as Record<string, JsonSchema>, nativeToken);
}

/** The JSON Schema of a setting whose value is structured (the acknowledgements' list), else undefined. */
function structured(name: SettingName): JsonSchema | undefined {
  const { type } = settingOf(name);
  return typeof type === "string" ? undefined : (z.toJSONSchema(type, { io: "input" }) as JsonSchema);
}

/** A setting's type in the package schema: its JSON type, or read from its structured value's schema. */
function configType(name: SettingName): TypeSpec {
  const { type } = settingOf(name);
  if (typeof type === "string") return { type };
  return pulumiType(z.toJSONSchema(type, { io: "input" }) as JsonSchema, `config.${name}`, nativeToken);
}

/** The object types structured settings name (e.g. an acknowledgement). */
function configObjectTypes(): Record<string, ObjectTypeSpec> {
  const defs = SETTING_NAMES.map((name) => structured(name)?.$defs ?? {});
  return objectTypes(Object.assign({}, ...defs) as Record<string, JsonSchema>, nativeToken);
}

/**
 * The oldest `pulumi` SDK the Python SDK accepts: the release of the engine the package is built and
 * tested with (package.json's `@pulumi/pulumi` range starts there too).
 */
export const PULUMI_SDK_MINIMUM = "3.259.0";

/** Builds the package schema from the runtime's input schemas and the declared outputs. */
export function packageSchema({ version, license, repository }: PackageRelease): PackageSchema {
  const configSpecs = Object.fromEntries(
    SETTING_NAMES.map((name) => [
      name,
      property(configType(name), configText(name), `config.${name}`, settingOf(name).secret === true),
    ]),
  );
  const { functions, types } = functionSchema(LOOKUPS, nativeToken);
  return {
    name: PACKAGE,
    displayName: "Voice AI platform",
    version,
    description:
      "Telephony of the Voice AI platform as code: provider configurations, bridges, numbers, SIP trunks.",
    license,
    // The SDKs' author fields (the .NET generator would otherwise write "Pulumi Corp.").
    publisher: repository.owner,
    homepage: repositoryUrl(repository),
    repository: repositoryUrl(repository),
    // The Pulumi Registry's category and kind.
    keywords: ["pulumi", "voice", "telephony", "category/network", "kind/native"],
    // `pulumi` fetches a missing plugin from the release of this version on GitHub.
    pluginDownloadURL: pluginDownloadUrl(repository),
    config: { variables: configSpecs },
    provider: {
      description:
        "The provider of the Voice AI platform; its defaults are the `voice:*` stack config and `VOICE_*` environment.",
      inputProperties: configSpecs,
      properties: configSpecs,
    },
    resources: Object.fromEntries(
      REGISTRY.map((descriptor) => [nativeToken(descriptor.type), resourceSpec(descriptor)]),
    ),
    types: { ...types, ...resourceTypes(), ...configObjectTypes() },
    functions,
    // Settings of Pulumi's code generators for the SDKs in sdks/ (a "support pack" gets its own go.mod).
    meta: { supportPack: true },
    language: {
      go: { importBasePath: `${goModulePath(repository)}/voice`, respectSchemaVersion: true },
      python: {
        packageName: "pulumi_voice",
        respectSchemaVersion: true,
        pyproject: { enabled: true },
        requires: { pulumi: `>=${PULUMI_SDK_MINIMUM},<4.0.0` },
      },
      csharp: { rootNamespace: "Pulumi", respectSchemaVersion: true },
      nodejs: { packageName: "@pulumi-voice-platform/native", respectSchemaVersion: true },
      // Maven group and Java package prefix (`com.pulumi.voice`); the generator's own default, stated once.
      java: { basePackage: "com.pulumi" },
    },
  };
}
