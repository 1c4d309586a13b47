// The native provider's routing over the runtime: secrets in and out, detailed diff, import-style read, invokes.
import { beforeAll, describe, expect, it } from "vitest";
import { nativeProvider } from "../../../provider/plugin/provider";
import { secret } from "../../../provider/plugin/secrets";
import { useEmulator } from "../../fixtures/emulator";
import { DEMO_ACCOUNT } from "../../fixtures/platform";
import { configureRuntime } from "../../fixtures/provider";

const emu = useEmulator();
beforeAll(async () => {
  await configureRuntime(emu);
});

const native = nativeProvider("0.0.0", "{}");
const urn = (type: string, name: string) => `urn:pulumi:dev::proj::voice:index:${type}::${name}`;

describe("native provider", () => {
  it("unwraps secret inputs for the runtime and re-marks them on the way out", async () => {
    const news = { provider: "twilio", accountSid: DEMO_ACCOUNT, authToken: secret("t0ken") };
    const checked = await native.check!(urn("ProviderConfiguration", "c"), {}, news);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs.authToken).toEqual(secret("t0ken"));
    const created = await native.create!(urn("ProviderConfiguration", "c"), checked.inputs);
    expect(created.outs.authToken).toEqual(secret("t0ken"));
    expect(created.outs.accountSid).toBe(DEMO_ACCOUNT);
    expect((await emu.admin.state()).configurations[0]).toMatchObject({ auth_token: "t0ken" });
  });

  it("answers a detailed diff: update and replace per property, adopt never", async () => {
    const olds = { name: "Support", slug: "support", bridgeId: 1, createdAt: null };
    const same = await native.diff("support", urn("Bridge", "b"), olds, { name: "Support", slug: "support" });
    expect(same).toMatchObject({ changes: false, replaces: [], detailedDiff: {} });
    const renamed = await native.diff("support", urn("Bridge", "b"), olds, {
      name: "Desk",
      slug: "support",
      adopt: true,
    });
    expect(renamed).toMatchObject({ changes: true, replaces: [], detailedDiff: { name: "update" } });
    const moved = await native.diff("support", urn("Bridge", "b"), olds, { name: "Desk", slug: "desk" });
    expect(moved).toMatchObject({ replaces: ["slug"], detailedDiff: { name: "update", slug: "replace" } });
  });

  it("reads by id alone, as an import does, and fails naming a missing one; a refresh of a gone one answers nothing", async () => {
    await native.create!(urn("Bridge", "b"), { name: "Legacy", slug: "legacy" });
    const read = await native.read("legacy", urn("Bridge", "legacy"));
    expect(read).toMatchObject({
      id: "legacy",
      props: { name: "Legacy", slug: "legacy" },
      inputs: { name: "Legacy" },
    });
    await expect(native.read("gone", urn("Bridge", "gone"))).rejects.toThrow(
      `voice:Bridge read failed: no bridge "gone" in organization "${emu.orgHandle}"`,
    );
    const recorded = { name: "Gone", slug: "gone", bridgeId: 1, createdAt: null };
    expect(
      await native.read("gone", urn("Bridge", "gone"), recorded, { name: "Gone", slug: "gone" }),
    ).toEqual({});
  });

  it("serves the data sources as invokes, lists under `items`", async () => {
    await native.create!(urn("Bridge", "b"), { name: "Support", slug: "support" });
    const bridges = await native.invoke!("voice:index:getBridges", {});
    expect(bridges.outputs.items).toEqual([expect.objectContaining({ slug: "support" })]);
    const orgs = await native.invoke!("voice:index:getOrganizations", {});
    expect(orgs.outputs.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ domainHandle: emu.orgHandle })]),
    );
    const calls = await native.invoke!("voice:index:getCallRecords", { callStatus: "completed" });
    expect(calls.outputs.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ callStatus: "completed" })]),
    );
    const analytics = await native.invoke!("voice:index:getAnalytics", {});
    expect(analytics.outputs).toEqual(expect.objectContaining({ totalTasks: expect.any(Number) }));
    await expect(native.invoke!("voice:index:getNothing", {})).rejects.toThrow(/unknown function/);
  });

  it("serves a resource declared under a component by its own type, the last of its URN's type chain", async () => {
    const child = "urn:pulumi:dev::proj::acme:index:Site$voice:index:Bridge::b";
    const checked = await native.check!(child, {}, { name: "Support", slug: "support" });
    expect(checked).toMatchObject({ failures: [], inputs: { name: "Support", slug: "support" } });
  });

  it("rejects a type it does not serve", async () => {
    await expect(native.check!(urn("Widget", "w"), {}, {})).rejects.toThrow(
      /unknown resource type voice:index:Widget/,
    );
  });
});
