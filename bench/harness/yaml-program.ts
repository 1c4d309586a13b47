// The benchmarks' estate as a Pulumi YAML program on the native provider plugin: the same resources,
// inputs, secrets and references as bench/harness/program/index.js declares on the native side, with no
// Node.js language host (the engine's YAML language host evaluates it). Written by the export's writer.
import { writePulumiYaml, type YamlResource } from "../../cli/export/pulumi-yaml";
import type { EstateSpec } from "../../estate/estate";
import { nativeToken } from "../../provider/urn/type-token";

/** `Pulumi.yaml` of `spec` as project `name`, loading the plugin from `pluginDir`. */
export function renderYamlProgram(spec: EstateSpec, name: string, pluginDir: string): string {
  const configurationId = (variable: string) => ({ ref: variable, output: "configurationId" });
  const resources: YamlResource[] = [
    ...spec.configurations.map((c) => ({
      variable: c.name,
      type: nativeToken("ProviderConfiguration"),
      properties: [
        ["provider", c.provider],
        ["accountSid", c.accountSid],
        ["authToken", { secret: "authToken" }],
      ] as const,
    })),
    ...spec.bridges.map((b) => ({
      variable: b.name,
      type: nativeToken("Bridge"),
      properties: [
        ["name", b.bridgeName],
        ["slug", b.slug],
      ] as const,
    })),
    ...spec.numbers.map((n) => ({
      variable: n.name,
      type: nativeToken("BridgeNumber"),
      properties: [
        ["bridgeSlug", { ref: n.bridge, output: "slug" }],
        ["providerConfigurationId", configurationId(n.configuration)],
        ["phoneNumber", n.phoneNumber],
      ] as const,
    })),
    ...(spec.sets ?? []).map((s) => ({
      variable: s.name,
      type: nativeToken("BridgeNumbers"),
      properties: [
        ["bridgeSlug", { ref: s.bridge, output: "slug" }],
        [
          "numbers",
          {
            items: s.numbers.map((n) => [
              ["phoneNumber", n.phoneNumber] as const,
              ["providerConfigurationId", configurationId(n.configuration)] as const,
            ]),
          },
        ],
      ] as const,
    })),
    ...spec.trunks.map((t) => ({
      variable: t.name,
      type: nativeToken("SipTrunk"),
      properties: [
        ["name", t.name],
        ["sipUrl", t.sipUrl],
        ["transport", t.transport],
        ["port", t.port],
        ["authUsername", t.authUsername],
        ["authPassword", { secret: "sipPassword" }],
        ["allowedIps", t.allowedIps],
      ] as const,
    })),
  ];
  return writePulumiYaml({
    project: name,
    description: "The benchmarks' estate as a YAML program on the native provider plugin.",
    pluginPath: pluginDir,
    secrets: ["authToken", "sipPassword"],
    resources,
  });
}
