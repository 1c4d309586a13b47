// Moving a number between bridges is one `up` when the link is named by its phone number (as the
// examples and the docs name it): the move is one in-place update, disconnect then connect in one call.

import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VoiceClient } from "../../../sdk";
import type { TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS } from "../../fixtures/engine";
import { type ProgramStack, programStack } from "../../fixtures/program-stack";
import { upOnly } from "../../fixtures/stack-up";
import { OP_TIMEOUT_MS } from "../../fixtures/voice-stack";

// Config `numbers`: phone number → { bridge: "a" | "b", name?: resource name, oldName?: the name it had }.
const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const voice = require("pulumi-voice-platform");
const config = new pulumi.Config();
const twilio = new voice.ProviderConfiguration("twilio", {
  provider: "twilio",
  accountSid: config.require("accountSid"),
  authToken: config.requireSecret("authToken"),
});
const bridges = {
  a: new voice.Bridge("a", { name: "Bridge A", slug: "bridge-a" }),
  b: new voice.Bridge("b", { name: "Bridge B", slug: "bridge-b" }),
};
for (const [phoneNumber, link] of Object.entries(config.requireObject("numbers"))) {
  new voice.BridgeNumber(
    link.name ?? phoneNumber,
    { bridgeSlug: bridges[link.bridge].slug, providerConfigurationId: twilio.configurationId, phoneNumber },
    link.oldName ? { aliases: [{ name: link.oldName }] } : undefined,
  );
}
`;

interface Link {
  bridge: "a" | "b";
  name?: string;
  oldName?: string;
}

let emu: TestEmulator;
let client: VoiceClient;
let stack: Stack;

let setup: ProgramStack | undefined;

beforeAll(async () => {
  setup = await programStack({
    project: "voice-number-move",
    stackName: "move",
    indexJs: PROGRAM,
    authToken: "move-auth-token",
  });
  ({ emu, client, stack } = setup);
}, ENGINE_BUILD_TIMEOUT_MS);

afterAll(() => setup?.close(), OP_TIMEOUT_MS);

const declare = (numbers: Record<string, Link>) =>
  stack.setConfig("numbers", { value: JSON.stringify(numbers) });

/** The numbers on a bridge, as the platform shows them. */
const numbersOn = async (slug: string) => (await client.bridges.retrieve(slug)).numbers.map((n) => n.number);

/** Names of the BridgeNumber resources in the stack's state. */
async function linksInState(): Promise<string[]> {
  const resources = (await stack.exportStack()).deployment.resources as { type: string; urn: string }[];
  return resources
    .filter((r) => r.type === "pulumi-nodejs:dynamic/voice:BridgeNumber")
    .map((r) => r.urn.split("::").pop() ?? "");
}

describe("moving a number between bridges", { timeout: OP_TIMEOUT_MS }, () => {
  it("is one up when the link is named by its phone number", async () => {
    await declare({ "+14155550100": { bridge: "a" } });
    await upOnly(stack);
    expect(await numbersOn("bridge-a")).toEqual(["+14155550100"]);

    await declare({ "+14155550100": { bridge: "b" } });
    const move = await stack.up();
    expect(move.summary.result).toBe("succeeded");
    expect(move.summary.resourceChanges).toMatchObject({ update: 1 });
    // One disconnect, then at once the connect: no engine step (and no checkpoint) between them.
    const posts = (await emu.admin.requests()).filter((r) => r.method === "POST").map((r) => r.path);
    expect(posts.slice(-2)).toEqual([
      "/telephony/bridges/bridge-a/disconnect-provider/",
      "/telephony/bridges/bridge-b/connect-provider/",
    ]);
    expect(await numbersOn("bridge-b")).toEqual(["+14155550100"]);
    expect(await numbersOn("bridge-a")).toEqual([]);
    expect(await linksInState()).toEqual(["+14155550100"]);
  });

  it("is one up when a link named after its bridge is renamed with an alias while it moves", async () => {
    await declare({ "+14155550101": { bridge: "a", name: "support-+14155550101" } });
    await upOnly(stack);
    expect(await numbersOn("bridge-a")).toEqual(["+14155550101"]);

    await declare({ "+14155550101": { bridge: "b", oldName: "support-+14155550101" } });
    const move = await stack.up();
    expect(move.summary.result).toBe("succeeded");
    expect(await numbersOn("bridge-b")).toEqual(["+14155550101"]);
    expect(await numbersOn("bridge-a")).toEqual([]);
    expect(await linksInState()).toEqual(["+14155550101"]);
  });
});
