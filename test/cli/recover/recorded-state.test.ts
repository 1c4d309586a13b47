import { describe, expect, it } from "vitest";
import type { Finding } from "../../../cli/recover/found-on-platform";
import { hasUnknown, type Plan, type PlannedCreate } from "../../../cli/recover/planned-creates";
import { recordFound } from "../../../cli/recover/recorded-state";
import { UNKNOWN } from "../../../provider/runtime/fields";

const STACK = "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev";
const PROVIDER = "urn:pulumi:dev::p::pulumi:providers:pulumi-nodejs::default";
const urn = (type: string, name: string) => `urn:pulumi:dev::p::pulumi-nodejs:dynamic/voice:${type}::${name}`;
const secret = {
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext: "v1:x:y",
};

const create = (
  type: string,
  name: string,
  inputs: Record<string, unknown>,
  deps: string[] = [],
): PlannedCreate => ({
  urn: urn(type, name),
  type: `pulumi-nodejs:dynamic/voice:${type}`,
  custom: true,
  inputs,
  parent: STACK,
  provider: `${PROVIDER}::${UNKNOWN}`,
  dependencies: deps,
});

const config = create("ProviderConfiguration", "cfg", { accountSid: "AC1", authToken: secret });
const bridge = create("Bridge", "b", { slug: "b", name: "B" });
const link = create("BridgeNumber", "n", { bridgeSlug: "b", providerConfigurationId: 1 }, [
  config.urn,
  bridge.urn,
]);
const plan: Plan = {
  creates: [
    { urn: STACK, type: "pulumi:pulumi:Stack", custom: false, inputs: {}, dependencies: [] },
    config,
    bridge,
    link,
  ],
  providers: new Map([
    [
      PROVIDER,
      { urn: PROVIDER, type: "pulumi:providers:pulumi-nodejs", custom: true, inputs: {}, dependencies: [] },
    ],
  ]),
};
const equal = (c: PlannedCreate, id: string): Finding => ({
  kind: "equal",
  create: c,
  id,
  outputs: { ...c.inputs, id },
});

describe("recording found creates", () => {
  it("rebuilds an empty state: the stack and provider first, each resource after what it depends on", () => {
    const { deployment, recorded, unanchored } = recordFound({ resources: [] }, plan, [
      equal(config, "1"),
      equal(bridge, "b"),
      equal(link, "b/1/+1"),
    ]);
    expect(recorded).toHaveLength(3);
    expect(unanchored).toEqual([]);
    const resources = deployment.resources ?? [];
    expect(resources.map((r) => r.type.split(":").at(-1))).toEqual([
      "Stack",
      "pulumi-nodejs",
      "ProviderConfiguration",
      "Bridge",
      "BridgeNumber",
    ]);
    const providerId = resources[1]?.id;
    expect(providerId).toMatch(/^[0-9a-f-]{36}$/);
    // Every resource names the recorded provider, never the preview's unknown id.
    for (const r of resources.slice(2)) expect(r.provider).toBe(`${PROVIDER}::${providerId}`);
    // The secret stays as the plan encrypted it.
    expect(resources[2]?.inputs?.authToken).toEqual(secret);
  });

  it("keeps a state's own provider and leaves out what hangs on an unrecorded dependency", () => {
    const state = {
      resources: [
        { urn: STACK, type: "pulumi:pulumi:Stack" },
        { urn: PROVIDER, type: "pulumi:providers:pulumi-nodejs", id: "p-1" },
      ],
    };
    const { deployment, recorded, unanchored } = recordFound(state, plan, [
      { kind: "different", create: config, id: "1", fields: ["accountSid"] },
      equal(bridge, "b"),
      equal(link, "b/1/+1"),
    ]);
    expect(recorded.map((c) => c.urn)).toEqual([bridge.urn]);
    expect(unanchored).toEqual([{ create: link, missing: [config.urn] }]);
    expect(deployment.resources?.map((r) => r.urn)).toEqual([STACK, PROVIDER, bridge.urn]);
    expect(deployment.resources?.[2]?.provider).toBe(`${PROVIDER}::p-1`);
  });

  it("sees a value unknown at preview anywhere in the inputs", () => {
    expect(hasUnknown({ a: 1, b: [UNKNOWN] })).toBe(true);
    expect(hasUnknown({ a: { b: UNKNOWN } })).toBe(true);
    expect(hasUnknown({ a: 1, b: ["x"], c: secret })).toBe(false);
  });
});
