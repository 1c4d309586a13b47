import { nativeToken } from "../../provider/urn/type-token";
import { inProgramOrder } from "./native-ids";
import type { Plan } from "./plan";
import { writePulumiYaml } from "./pulumi-yaml";

/**
 * How a YAML program takes resources over: the provider's `adopt: true`, or the `import` option.
 * Neither writes: an import reads no write-only value, and the provider takes the auth tokens and SIP
 * passwords the program supplies into the stack without comparing them to the platform's.
 */
export type TakeOver = "import" | "adopt";

/** The project's `Pulumi.yaml` for the native provider (`voice:index:*`), program included. */
export function renderYamlProject(
  p: Plan,
  o: { project: string; orgHandle: string; pluginPath?: string | undefined; takeOver: TakeOver },
): string {
  return writePulumiYaml({
    project: o.project,
    description: `The telephony of organization ${o.orgHandle}, exported by pulumi-voice-platform export`,
    pluginPath: o.pluginPath,
    secrets: p.secrets.map((s) => s.key),
    resources: inProgramOrder(p).map((r) => ({
      variable: r.variable,
      type: nativeToken(r.descriptor.type),
      name: r.name,
      properties: r.properties,
      takeOver: o.takeOver === "adopt" ? { adopt: true } : { importId: r.id },
    })),
  });
}
