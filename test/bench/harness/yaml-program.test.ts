// The benchmarks' YAML program, written by the export's writer, reads back as the estate it declares.
import { describe, expect, it } from "vitest";
import { renderYamlProgram } from "../../../bench/harness/yaml-program";
import { asSets, estate } from "../../../estate/estate";
import { parseYaml } from "../../fixtures/pulumi-yaml-reading";

interface Program {
  name: string;
  plugins: { providers: { name: string; path: string }[] };
  config: Record<string, { type: string; secret: boolean }>;
  resources: Record<string, { type: string; properties: Record<string, unknown> }>;
}

describe("the benchmarks' YAML program", () => {
  it("declares every resource of the estate, its secrets from config and its references by output", () => {
    const spec = estate(40, "native");
    const program = parseYaml(renderYamlProgram(spec, "voice-bench", "/opt/voice/bin")) as Program;
    expect(program.name).toBe("voice-bench");
    expect(program.plugins.providers).toEqual([{ name: "voice", path: "/opt/voice/bin" }]);
    expect(Object.keys(program.config)).toEqual(["authToken", "sipPassword"]);
    const count = spec.configurations.length + spec.bridges.length + spec.numbers.length + spec.trunks.length;
    expect(Object.keys(program.resources)).toHaveLength(count);
    const number = spec.numbers[0];
    expect(program.resources[number?.name ?? ""]).toEqual({
      type: "voice:index:BridgeNumber",
      properties: {
        bridgeSlug: `\${${number?.bridge}.slug}`,
        providerConfigurationId: `\${${number?.configuration}.configurationId}`,
        phoneNumber: number?.phoneNumber,
      },
    });
    expect(program.resources["trunk-0"]?.properties.authPassword).toBe(`\${sipPassword}`);
    expect(program.resources["trunk-0"]?.properties.allowedIps).toEqual(spec.trunks[0]?.allowedIps);
  });

  it("declares a set's numbers as a list of objects", () => {
    const spec = asSets(estate(40, "native"));
    const program = parseYaml(renderYamlProgram(spec, "voice-bench", "/opt/voice/bin")) as Program;
    const set = spec.sets?.[0];
    expect(program.resources[set?.name ?? ""]?.properties.numbers).toEqual(
      set?.numbers.map((n) => ({
        phoneNumber: n.phoneNumber,
        providerConfigurationId: `\${${n.configuration}.configurationId}`,
      })),
    );
  });
});
