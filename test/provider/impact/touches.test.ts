// Which numbers a planned change touches, per resource type and op: engine-free, from the props the
// engine records and plans (a preview may hold its placeholder for values not computed yet).
import { describe, expect, it } from "vitest";
import { touchesOf } from "../../../provider/impact/touches-of";
import { BRIDGE } from "../../../provider/resources/bridge/descriptor";
import { BRIDGE_NUMBER } from "../../../provider/resources/bridge-number-link/descriptor";
import { BRIDGE_NUMBERS } from "../../../provider/resources/bridge-number-set/descriptor";
import { PROVIDER_CONFIGURATION } from "../../../provider/resources/provider-configuration/descriptor";
import { REGISTRY } from "../../../provider/resources/registry";
import { SIP_TRUNK } from "../../../provider/resources/sip-trunk/descriptor";
import { UNKNOWN } from "../../../provider/runtime/fields";

const touches = BRIDGE_NUMBER.touches!;
const link = {
  bridgeSlug: "support",
  providerConfigurationId: 4,
  phoneNumber: "+14155550100",
  numberId: 7,
  channelsCount: 2,
};

describe("every registered type", () => {
  it("declares touches, and a create touches nothing", () => {
    for (const descriptor of REGISTRY) {
      expect(descriptor.touches, descriptor.type).toBeTypeOf("function");
      expect(descriptor.touches?.({ op: "create", news: {} }), descriptor.type).toEqual([]);
    }
  });
});

describe("a bridge number link", () => {
  it("deleted: disconnects its number from its bridge", () => {
    expect(touches({ op: "delete", olds: link })).toEqual([
      {
        kind: "number",
        number: "+14155550100",
        change: "disconnect",
        fromBridge: "support",
        configurationId: 4,
      },
    ]);
  });

  it("moved to another bridge: a move from the old bridge to the new", () => {
    expect(touches({ op: "update", olds: link, news: { ...link, bridgeSlug: "sales" } })).toEqual([
      {
        kind: "number",
        number: "+14155550100",
        change: "move",
        fromBridge: "support",
        toBridge: "sales",
        configurationId: 4,
      },
    ]);
  });

  it("moved to a bridge not known yet at preview: still a move, without a target", () => {
    expect(touches({ op: "update", olds: link, news: { ...link, bridgeSlug: UNKNOWN } })).toEqual([
      { kind: "number", number: "+14155550100", change: "move", fromBridge: "support", configurationId: 4 },
    ]);
  });

  it("updated without a bridge change (adopt, spelling): touches nothing", () => {
    expect(
      touches({ op: "update", olds: link, news: { ...link, bridgeSlug: " support ", adopt: true } }),
    ).toEqual([]);
  });

  it("replaced: the number is disconnected, then connected again", () => {
    expect(
      touches({ op: "replace", olds: link, news: { ...link, providerConfigurationId: 5 } }),
    ).toMatchObject([
      { number: "+14155550100", change: "disconnect", fromBridge: "support", toBridge: "support" },
    ]);
  });

  it("reads a recorded number in any spelling as its E.164 form", () => {
    expect(touches({ op: "delete", olds: { ...link, phoneNumber: "+1 (415) 555-0100" } })).toMatchObject([
      { number: "+14155550100" },
    ]);
  });

  it("without a recorded number, or on create: touches nothing", () => {
    expect(touches({ op: "delete", olds: {} })).toEqual([]);
    expect(touches({ op: "create", news: link })).toEqual([]);
  });
});

describe("a bridge number set", () => {
  const set = BRIDGE_NUMBERS.touches!;
  const olds = {
    bridgeSlug: "support",
    numbers: [
      { phoneNumber: "+14155550100", providerConfigurationId: 4, numberId: 7 },
      { phoneNumber: "+14155550101", providerConfigurationId: 4, numberId: 8 },
      { phoneNumber: "+14155550102", providerConfigurationId: null, numberId: 9 },
    ],
  };
  const declared = (numbers: string[], configurationId: unknown = 4) =>
    numbers.map((phoneNumber) => ({ phoneNumber, providerConfigurationId: configurationId }));

  it("numbers removed from the set are disconnected; kept and added ones are not touched", () => {
    const news = {
      bridgeSlug: "support",
      numbers: [...declared(["+1 415 555 0100", "+14155550103"]), ...declared(["+14155550102"], "9")],
    };
    expect(set({ op: "update", olds, news })).toEqual([
      {
        kind: "number",
        number: "+14155550101",
        change: "disconnect",
        fromBridge: "support",
        configurationId: 4,
      },
    ]);
  });

  it("a number reconnected through another configuration is disconnected first", () => {
    const news = {
      bridgeSlug: "support",
      numbers: declared(["+14155550100", "+14155550101", "+14155550102"], 5),
    };
    expect(set({ op: "update", olds, news }).map((t) => t.kind === "number" && t.number)).toEqual([
      "+14155550100",
      "+14155550101",
    ]);
  });

  it("a configuration not computed yet at preview counts as a reconnect", () => {
    const news = {
      bridgeSlug: "support",
      numbers: [...declared(["+14155550100"], UNKNOWN), ...declared(["+14155550101", "+14155550102"])],
    };
    expect(set({ op: "update", olds, news })).toMatchObject([
      { number: "+14155550100", change: "disconnect" },
    ]);
  });

  it("numbers not computed yet at preview: every recorded number may go", () => {
    expect(set({ op: "update", olds, news: { bridgeSlug: "support", numbers: UNKNOWN } })).toHaveLength(3);
  });

  it("its bridge changed: numbers declared again move, the others are disconnected", () => {
    const news = { bridgeSlug: "sales", numbers: declared(["+14155550100", "+14155550101"]) };
    expect(set({ op: "replace", olds, news })).toEqual([
      {
        kind: "number",
        number: "+14155550100",
        change: "move",
        fromBridge: "support",
        toBridge: "sales",
        configurationId: 4,
      },
      {
        kind: "number",
        number: "+14155550101",
        change: "move",
        fromBridge: "support",
        toBridge: "sales",
        configurationId: 4,
      },
      { kind: "number", number: "+14155550102", change: "disconnect", fromBridge: "support" },
    ]);
  });

  it("deleted: every recorded number is disconnected", () => {
    expect(set({ op: "delete", olds }).map((t) => t.kind === "number" && [t.number, t.change])).toEqual([
      ["+14155550100", "disconnect"],
      ["+14155550101", "disconnect"],
      ["+14155550102", "disconnect"],
    ]);
  });

  it("replaced on the same bridge: every recorded number is disconnected, then connected again", () => {
    const news = { bridgeSlug: "support", numbers: declared(["+14155550100"]) };
    expect(set({ op: "replace", olds, news }).map((t) => t.kind === "number" && t.change)).toEqual([
      "disconnect",
      "disconnect",
      "disconnect",
    ]);
  });

  it("unchanged numbers in another order touch nothing", () => {
    const news = {
      bridgeSlug: "support",
      numbers: declared(["+14155550102", "+14155550101", "+14155550100"]),
    };
    expect(set({ op: "update", olds, news })).toEqual([]);
  });
});

describe("a bridge", () => {
  const bridge = BRIDGE.touches!;
  const olds = { name: "Support", slug: "support", bridgeId: 3, createdAt: null };

  it("deleted or replaced: every number on it, by slug", () => {
    expect(bridge({ op: "delete", olds })).toEqual([{ kind: "bridge", slug: "support", change: "delete" }]);
    expect(bridge({ op: "replace", olds, news: { name: "Support", slug: "support-2" } })).toEqual([
      { kind: "bridge", slug: "support", change: "replace" },
    ]);
  });

  it("renamed: touches nothing", () => {
    expect(bridge({ op: "update", olds, news: { name: "Help", slug: "support" } })).toEqual([]);
  });
});

describe("a provider configuration", () => {
  const configuration = PROVIDER_CONFIGURATION.touches!;
  const olds = {
    provider: "twilio",
    accountSid: "AC1",
    authToken: "secret-token-1",
    configurationId: 4,
    createdAt: null,
  };

  it("deleted or replaced: names the configuration and its account, never its token", () => {
    expect(configuration({ op: "delete", olds })).toEqual([
      { kind: "configuration", id: 4, accountSid: "AC1", change: "delete" },
    ]);
    const replaced = configuration({ op: "replace", olds, news: { ...olds, provider: "plivo" } });
    expect(replaced).toEqual([{ kind: "configuration", id: 4, accountSid: "AC1", change: "replace" }]);
    expect(JSON.stringify(replaced)).not.toContain("secret-token-1");
  });

  it("a new account or token: touches nothing (existing links stay as they are)", () => {
    expect(
      configuration({ op: "update", olds, news: { ...olds, accountSid: "AC2", authToken: "x" } }),
    ).toEqual([]);
  });
});

describe("a SIP trunk", () => {
  const trunk = SIP_TRUNK.touches!;
  const olds = {
    name: "Edge",
    sipUrl: "sip.example.com",
    transport: "tcp",
    port: "5060",
    authUsername: null,
    allowedIps: [],
    trunkId: 9,
    active: true,
  };

  it("deleted or replaced: names the trunk", () => {
    expect(trunk({ op: "delete", olds })).toEqual([
      { kind: "trunk", name: "Edge", change: "delete", fields: [] },
    ]);
    expect(trunk({ op: "replace", olds, news: { ...olds, port: 5061 } })).toEqual([
      { kind: "trunk", name: "Edge", change: "replace", fields: ["port"] },
    ]);
  });

  it("its SIP URL, transport or port changed: names the trunk and the fields", () => {
    const news = { ...olds, sipUrl: "sip2.example.com", transport: "TLS", port: "5061" };
    expect(trunk({ op: "update", olds, news })).toEqual([
      { kind: "trunk", name: "Edge", change: "update", fields: ["sipUrl", "transport", "port"] },
    ]);
    expect(trunk({ op: "update", olds, news: { ...olds, sipUrl: UNKNOWN } })).toMatchObject([
      { fields: ["sipUrl"] },
    ]);
  });

  it("other fields, spelling or defaults changed: touches nothing", () => {
    const { transport: _t, port: _p, ...rest } = olds;
    const news = {
      ...rest,
      transport: " TCP ",
      name: "Edge 2",
      allowedIps: ["203.0.113.7"],
      authPassword: "pw",
    };
    expect(trunk({ op: "update", olds, news })).toEqual([]);
  });
});

describe("touchesOf", () => {
  it("names the resource on each touch of its change", () => {
    const urn = "urn:pulumi:dev::acme::voice:index:BridgeNumber::support-0100";
    expect(touchesOf(BRIDGE_NUMBER, { op: "delete", olds: link }, urn)).toMatchObject([
      { number: "+14155550100", resource: urn },
    ]);
    expect(touchesOf({}, { op: "delete", olds: link }, urn)).toEqual([]);
  });
});
