import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import * as voice from "../../../../provider";
import { BRIDGE } from "../../../../provider/resources/bridge/descriptor";
import { serve } from "../../../../provider/runtime/serve";
import { useEmulator } from "../../../fixtures/emulator";
import { checked, configureRuntime, voiceConfig } from "../../../fixtures/provider";

const bridge = serve(BRIDGE);

const emu = useEmulator();
beforeAll(async () => {
  // The data sources read the stack configuration of the program process.
  pulumi.runtime.setAllConfig(voiceConfig(emu), ["voice:token"]);
});

const resolve = <T>(output: pulumi.Output<T>) => new Promise<T>((ok) => output.apply(ok));

describe("data sources against the emulator", () => {
  it("lists organizations, spaces and agents", async () => {
    expect((await voice.getOrganizations()).map((o) => o.domainHandle)).toEqual(["acme", "globex"]);
    expect((await voice.getSpaces()).map((s) => s.token)).toEqual(["sp-acme-support", "sp-acme-sales"]);
    expect((await voice.getAgents()).map((a) => a.handle)).toContain("support-agent");
  });

  it("looks up one space and one agent, and names what was not found", async () => {
    expect(await voice.getSpace({ token: "sp-acme-sales" })).toMatchObject({
      name: "Sales",
      agentHandle: "sales-agent",
    });
    expect(await voice.getAgent({ handle: "support-agent" })).toMatchObject({
      name: "Support Agent",
      state: "published",
    });
    await expect(voice.getSpace({ token: "sp-nope" })).rejects.toThrow(
      /getSpace lookup failed: GET \/spaces\/sp-nope\/ .*404/,
    );
    await expect(voice.getAgent({ handle: "ghost" })).rejects.toThrow(
      /no agent with handle "ghost" \(agents: .*support-agent/,
    );
  });

  it("lists the catalogue and the organization's numbers, with and without the pool", async () => {
    expect((await voice.getProviders()).map((p) => p.slug)).toEqual([
      "twilio",
      "plivo",
      "telnyx",
      "vonage",
      "exotel",
    ]);
    const own = await voice.getNumbers();
    expect(own.some((n) => n.number === "+14155550100")).toBe(true);
    expect(own.every((n) => !n.pool)).toBe(true);
    const all = await voice.getNumbers({ includePool: true });
    expect(all.filter((n) => n.pool).map((n) => n.number)).toContain("+18005550100");
    expect(await voice.getNumbers({ state: "ASSIGNED" })).toEqual([]);
  });

  it("reflects what the resources made: bridges, configurations, trunks and the overview", async () => {
    await configureRuntime(emu);
    await bridge.create(await checked(bridge, { name: "Main", slug: "main" }));
    expect((await voice.getBridges()).map((b) => b.slug)).toEqual(["main"]);
    expect(await voice.getProviderConfigurations()).toEqual([]);
    expect(await voice.getSipTrunks()).toEqual([]);
    const rows = await voice.getOverview();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty("numberId");
  });

  it("offers each lookup as an Output that waits for its inputs", async () => {
    const space = await resolve(voice.getSpaceOutput({ token: pulumi.output("sp-acme-support") }));
    expect(space.name).toBe("Support");
    expect((await resolve(voice.getOrganizationsOutput())).length).toBe(2);
  });
});
