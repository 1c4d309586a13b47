import { inspect } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { runtimeContext } from "../../../../provider/connection/context-cache";
import { BRIDGE } from "../../../../provider/resources/bridge/descriptor";
import { BRIDGE_NUMBER } from "../../../../provider/resources/bridge-number-link/descriptor";
import { PROVIDER_CONFIGURATION } from "../../../../provider/resources/provider-configuration/descriptor";
import { forgetTakenKeys } from "../../../../provider/runtime/ownership";
import { serve } from "../../../../provider/runtime/serve";
import { useEmulator } from "../../../fixtures/emulator";
import { DEMO_ACCOUNT as ACCOUNT } from "../../../fixtures/platform";
import { checked, configureRuntime } from "../../../fixtures/provider";

const bridge = serve(BRIDGE);
const bridgeNumber = serve(BRIDGE_NUMBER);
const config = serve(PROVIDER_CONFIGURATION);

const SECRET = "auth-token-s3cret-value";

const emu = useEmulator();
beforeAll(async () => {
  await configureRuntime(emu);
});

const stored = async () => (await emu.admin.state()).configurations;
const declared = (extra: Record<string, unknown> = {}, olds: Record<string, unknown> = {}) =>
  checked(config, { provider: "twilio", accountSid: ACCOUNT, authToken: SECRET, ...extra }, olds);

describe("ProviderConfiguration check", () => {
  it("normalizes the provider slug", async () => {
    expect(await declared({ provider: " Twilio " })).toMatchObject({ provider: "twilio" });
  });

  it("refuses a provider that is not in the catalogue, listing the catalogue", async () => {
    const result = await config.check!({}, { provider: "acme-tel", accountSid: ACCOUNT, authToken: SECRET });
    expect(result.failures).toHaveLength(1);
    expect(result.failures?.[0]?.property).toBe("provider");
    expect(result.failures?.[0]?.reason).toMatch(/not in the provider catalogue \(.*twilio.*\)/);
  });

  it("names missing and empty fields without echoing the token", async () => {
    const result = await config.check!({}, { provider: "twilio", accountSid: "" });
    // A secret is named in the reason only: the engine prints the value of the property a failure names.
    expect(result.failures).toEqual([
      { property: "accountSid", reason: "must be a non-empty string" },
      { property: "", reason: "authToken is required (its value is secret)" },
    ]);
  });
});

describe("ProviderConfiguration diff", () => {
  const olds = {
    provider: "twilio",
    accountSid: ACCOUNT,
    authToken: SECRET,
    configurationId: 1,
    createdAt: "t",
  };
  it("is no change when equal", async () => {
    expect(
      (await config.diff!("1", olds, { provider: "twilio", accountSid: ACCOUNT, authToken: SECRET })).changes,
    ).toBe(false);
  });
  it("updates account SID and auth token in place", async () => {
    const d = await config.diff!("1", olds, { provider: "twilio", accountSid: "AC2", authToken: "other" });
    expect(d).toMatchObject({ changes: true, replaces: [] });
  });
  it("replaces on a provider change", async () => {
    const d = await config.diff!("1", olds, { provider: "plivo", accountSid: ACCOUNT, authToken: SECRET });
    expect(d.replaces).toEqual(["provider"]);
  });
});

describe("ProviderConfiguration lifecycle against the emulator", () => {
  it("creates with the token stored, reads without losing it, updates in place, deletes", async () => {
    const created = await config.create(await declared());
    expect(created.outs).toMatchObject({ provider: "twilio", accountSid: ACCOUNT, authToken: SECRET });
    expect(created.id).toBe(String(created.outs.configurationId));
    expect((await stored())[0]).toMatchObject({
      provider: "twilio",
      account_sid: ACCOUNT,
      auth_token: SECRET,
    });

    const read = await config.read!(created.id, created.outs);
    expect(read.props).toEqual(created.outs);
    expect(read.inputs).toEqual({ provider: "twilio", accountSid: ACCOUNT, authToken: SECRET });
    expect(JSON.stringify(read)).not.toContain("****");

    const updated = await config.update!(
      created.id,
      created.outs,
      await declared({ authToken: "rotated-token" }, created.outs),
    );
    expect(updated.outs).toMatchObject({
      configurationId: created.outs.configurationId,
      authToken: "rotated-token",
    });
    expect((await stored())[0]?.auth_token).toBe("rotated-token");

    await config.delete!(created.id, updated.outs);
    expect(await stored()).toHaveLength(0);
  });

  it("reflects an out-of-band account change and deletion", async () => {
    const created = await config.create(await declared());
    await emu.admin.patchConfiguration("acme", created.outs.configurationId, {
      account_sid: "AC-hand-edited",
    });
    expect((await config.read!(created.id, created.outs)).props?.accountSid).toBe("AC-hand-edited");
    await emu.admin.deleteConfiguration("acme", created.outs.configurationId);
    expect(await config.read!(created.id, created.outs)).toEqual({});
  });

  it("adopts a configuration by account SID leaving the platform's token; overwrite writes the declared one", async () => {
    const first = await config.create(await declared({ authToken: "old-token" }));
    const adopted = await config.create(await declared({ adopt: true }));
    expect(adopted.id).toBe(first.id);
    expect(await stored()).toHaveLength(1);
    expect((await stored())[0]?.auth_token).toBe("old-token");
    await config.create(await declared({ adopt: "overwrite" }));
    expect((await stored())[0]?.auth_token).toBe(SECRET);
  });

  it("fails check when a second stack declares a taken account, so it never overwrites the token", async () => {
    await config.create(await declared({ authToken: "stack-a-token" }));
    forgetTakenKeys(runtimeContext());
    const result = await config.check!(
      {},
      { provider: "twilio", accountSid: (await stored())[0]?.account_sid, authToken: SECRET },
    );
    expect(result.failures?.map((f) => f.property)).toEqual(["accountSid"]);
    expect(JSON.stringify(result.failures)).not.toContain(SECRET);
    expect((await stored())[0]?.auth_token).toBe("stack-a-token");
  });

  it("fails a duplicate without adopt, and the error holds no secret", async () => {
    // Two creates of one checked declaration: the second stands for a create that bypassed check.
    const inputs = await declared();
    await config.create(inputs);
    const error = (await config.create(inputs).catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(
      /voice:ProviderConfiguration create failed: POST \/telephony\/providers-configurations\/ .*400/,
    );
    expect(`${error.message}${error.stack}${inspect(error)}`).not.toContain(SECRET);
  });

  it("fails a create that finds the account taken since its check, naming the holder's id and adopt, leaving the holder's token", async () => {
    // Both stacks checked a free account; the first create won.
    const [first, second] = [await declared({ authToken: "stack-a-token" }), await declared()];
    const winner = await config.create(first);
    const error = (await config.create(second).catch((e: Error) => e)) as Error;
    expect(error.message).toContain(
      `"${ACCOUNT}" already exists on the platform (id ${winner.outs.configurationId}`,
    );
    expect(error.message).toContain("adopt: true");
    expect(`${error.message}${error.stack}${inspect(error)}`).not.toContain(SECRET);
    expect((await stored()).map((c) => c.auth_token)).toEqual(["stack-a-token"]);
  });

  it("refuses to delete a configuration a bridge number still uses", async () => {
    const created = await config.create(await declared());
    await emu.admin.seed({});
    await bridge.create(await checked(bridge, { name: "B", slug: "b" }));
    await bridgeNumber.create(
      await checked(bridgeNumber, {
        bridgeSlug: "b",
        providerConfigurationId: created.id,
        phoneNumber: "+14155550100",
      }),
    );
    const error = (await config.delete!(created.id, created.outs).catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(/DELETE .*400.*configuration_in_use/);
    expect(await stored()).toHaveLength(1);
  });
});
