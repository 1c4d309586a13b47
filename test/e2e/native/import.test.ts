// `pulumi import` of all four native types (one at a time, in bulk with --file, and the `import`
// resource option), through the real engine against resources made out of band on the emulator;
// each ends with a clean `preview --expect-no-changes`, and the imported secrets stay secret. Then a
// bridge's numbers as a set: imported by the bridge's slug, and a partial failure through the plugin.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { startTestEmulator, type TestEmulator } from "../../fixtures/emulator";
import { ENGINE_BUILD_TIMEOUT_MS } from "../../fixtures/engine";
import { limitFor } from "../../fixtures/limits";
import { javascriptProject, type NativeStack, nativeStack } from "../../fixtures/native-stack";
import { upOnly } from "../../fixtures/stack-up";
import { plainExport, SECRETS } from "../../fixtures/voice-stack";

/** One set of the four resources, made out of band and then imported; the program declares it. */
interface ImportSet {
  name: string;
  account: string;
  phoneNumber: string;
  /** The ids to import with the `import` resource option. */
  importIds?: Record<string, string>;
}

/** Declares each configured set: a configuration, a bridge, a number linking them, a trunk. */
const PROGRAM = `const pulumi = require("@pulumi/pulumi");
const config = new pulumi.Config();
for (const set of config.getObject("sets") ?? []) {
  const opts = (type) => (set.importIds ? { import: set.importIds[type] } : {});
  const carrier = new pulumi.CustomResource("voice:index:ProviderConfiguration", "carrier-" + set.name, {
    provider: "twilio",
    accountSid: set.account,
    authToken: config.requireSecret("authToken"),
    configurationId: undefined,
  }, opts("ProviderConfiguration"));
  const bridge = new pulumi.CustomResource("voice:index:Bridge", "bridge-" + set.name, {
    name: "Legacy " + set.name,
    slug: "legacy-" + set.name,
  }, opts("Bridge"));
  new pulumi.CustomResource("voice:index:BridgeNumber", "line-" + set.name, {
    bridgeSlug: bridge.slug,
    providerConfigurationId: carrier.configurationId,
    phoneNumber: set.phoneNumber,
  }, opts("BridgeNumber"));
  new pulumi.CustomResource("voice:index:SipTrunk", "pbx-" + set.name, {
    name: "pbx-" + set.name,
    sipUrl: "sip:pbx-" + set.name + ".example.com",
    authUsername: "pbx",
    authPassword: config.requireSecret("sipPassword"),
  }, opts("SipTrunk"));
}
// Number sets of bridges made out of band: { slug, configurationId, numbers }.
for (const set of config.getObject("numberSets") ?? []) {
  new pulumi.CustomResource("voice:index:BridgeNumbers", set.slug, {
    bridgeSlug: set.slug,
    numbers: set.numbers.map((phoneNumber) => ({ phoneNumber, providerConfigurationId: set.configurationId })),
  });
}
`;

const SETS = ["one", "bulk", "option"].map((name, i) => ({
  name,
  account: `AC0000000000000000000000000000009${i}`,
  phoneNumber: `+1415555090${i}`,
}));

describe("importing native resources with the real engine", { timeout: limitFor(3) }, () => {
  let emu: TestEmulator;
  let native: NativeStack;
  /** The import ids of each set's resources, by type. */
  const ids = new Map<string, Record<string, string>>();
  const declared: ImportSet[] = [];
  const declare = async (set: ImportSet) => {
    declared.push(set);
    await native.stack.setConfig("sets", { value: JSON.stringify(declared) });
  };
  /** The resources the stack's state holds. */
  const resourceCount = async () => (await native.stack.exportStack()).deployment.resources?.length ?? 0;
  const writes = async () =>
    (await emu.admin.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

  beforeAll(async () => {
    emu = await startTestEmulator();
    await emu.admin.seed({
      providerAccounts: SETS.map((s) => ({
        organization: emu.orgHandle,
        provider: "twilio",
        account_sid: s.account,
        numbers: [s.phoneNumber],
      })),
    });
    const client = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
    for (const set of SETS) {
      const config = await client.providerConfigurations.create({
        provider: "twilio",
        account_sid: set.account,
        auth_token: SECRETS.authToken,
      });
      const slug = `legacy-${set.name}`;
      await client.bridges.create({ name: `Legacy ${set.name}`, slug });
      await client.bridges.connectProvider(slug, {
        provider_config_id: config.id,
        phone_number: set.phoneNumber,
      });
      const trunk = await client.trunks.create({
        name: `pbx-${set.name}`,
        sip_url: `sip:pbx-${set.name}.example.com`,
        auth_username: "pbx",
        auth_password: SECRETS.sipPassword,
      });
      ids.set(set.name, {
        ProviderConfiguration: String(config.id),
        Bridge: slug,
        // Configuration id and E.164 number; the first set's in the earlier form that also named the bridge.
        BridgeNumber:
          set.name === "one" ? `${slug}/${config.id}/${set.phoneNumber}` : `${config.id}/${set.phoneNumber}`,
        SipTrunk: String(trunk.id),
      });
    }
    native = await nativeStack(emu, {
      "Pulumi.yaml": javascriptProject("voice-native-import"),
      "index.js": PROGRAM,
    });
    await emu.admin.clearRequests();
  }, ENGINE_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await native?.cleanup();
    await emu?.close();
  }, limitFor(1));

  it("`pulumi import <type> <name> <id>` takes each of the four types, then previews clean", async () => {
    const set = SETS[0]!;
    const names = {
      ProviderConfiguration: "carrier",
      Bridge: "bridge",
      BridgeNumber: "line",
      SipTrunk: "pbx",
    };
    for (const [type, prefix] of Object.entries(names)) {
      const { stdout, stderr } = await native.pulumi(
        "import",
        `voice:index:${type}`,
        `${prefix}-${set.name}`,
        ids.get(set.name)![type]!,
        "--protect=false",
        "--generate-code=false",
        "--yes",
      );
      expect(stdout + stderr).not.toMatch(/warning|failed to validate|do not match/);
    }
    await declare(set);
    const preview = await native.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 5 });
    expect(await writes()).toEqual([]);
    // Imported by an id of the earlier form, recorded under today's.
    const line = (await native.stack.exportStack()).deployment.resources.find(
      (r: { type: string }) => r.type === "voice:index:BridgeNumber",
    ) as { id: string };
    expect(line.id).toBe(ids.get(set.name)!.BridgeNumber!.split("/").slice(1).join("/"));
  });

  it("`pulumi import --file` takes all four types at once, then previews clean", async () => {
    const set = SETS[1]!;
    const setIds = ids.get(set.name)!;
    const resources = [
      {
        type: "voice:index:ProviderConfiguration",
        name: `carrier-${set.name}`,
        id: setIds.ProviderConfiguration,
      },
      { type: "voice:index:Bridge", name: `bridge-${set.name}`, id: setIds.Bridge },
      { type: "voice:index:BridgeNumber", name: `line-${set.name}`, id: setIds.BridgeNumber },
      { type: "voice:index:SipTrunk", name: `pbx-${set.name}`, id: setIds.SipTrunk },
    ];
    const file = path.join(native.dir.path, "import.json");
    await writeFile(file, JSON.stringify({ resources }));
    const { stdout, stderr } = await native.pulumi(
      "import",
      "--file",
      file,
      "--protect=false",
      "--generate-code=false",
      "--yes",
    );
    expect(stdout).toMatch(/4 imported/);
    expect(stdout + stderr).not.toMatch(/warning|failed to validate|do not match/);
    await declare(set);
    const preview = await native.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 9 });
    expect(await writes()).toEqual([]);
  });

  it("the `import` resource option adopts all four types on up, then previews clean", async () => {
    const set = SETS[2]!;
    await declare({ ...set, importIds: ids.get(set.name)! });
    const up = await native.stack.up();
    expect(up.summary.resourceChanges).toEqual({ import: 4, same: 9 });
    expect(await writes()).toEqual([]);
    // Without the option now, as the import docs advise once the resources are in the state.
    declared[2] = set;
    await native.stack.setConfig("sets", { value: JSON.stringify(declared) });
    const preview = await native.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 13 });
  });

  it("records the supplied secrets as secrets, and a later change of one is an update", async () => {
    await upOnly(native.stack);
    const exported = await plainExport(native.stack);
    expect(exported).not.toContain(SECRETS.authToken);
    expect(exported).not.toContain(SECRETS.sipPassword);
    await native.stack.setConfig("sipPassword", { value: "rotated-passw0rd", secret: true });
    const preview = await native.stack.preview();
    expect(preview.changeSummary).toEqual({ same: 10, update: 3 });
    await native.stack.setConfig("sipPassword", { value: SECRETS.sipPassword, secret: true });
  });

  it("importing an id that does not exist fails naming the type, the id and the organization", async () => {
    const missing = {
      ProviderConfiguration: "999999",
      Bridge: "no-such-bridge",
      BridgeNumber: "legacy-one/999999/+14155550999",
      SipTrunk: "999999",
    };
    const before = await resourceCount();
    for (const [type, id] of Object.entries(missing)) {
      const message = await native.pulumiFailure(
        "import",
        `voice:index:${type}`,
        "missing",
        id,
        "--generate-code=false",
        "--yes",
      );
      expect(message).toContain(`voice:${type} read failed`);
      expect(message).toContain(`"${id}" in organization "${emu.orgHandle}"`);
      expect(message).not.toMatch(/does not support importing/);
      expect(message).not.toContain(emu.token);
    }
    expect(await resourceCount()).toBe(before);
    expect(await writes()).toEqual([]);
  });

  it("importing another organization's id says it is not in this organization", async () => {
    const globex = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: "globex" });
    await globex.bridges.create({ name: "Elsewhere", slug: "elsewhere" });
    await emu.admin.clearRequests();
    const message = await native.pulumiFailure(
      "import",
      "voice:index:Bridge",
      "elsewhere",
      "elsewhere",
      "--generate-code=false",
      "--yes",
    );
    expect(message).toContain(
      `bridge "elsewhere" is not in organization "${emu.orgHandle}": it is in organization "globex"`,
    );
    expect(await writes()).toEqual([]);
    await globex.bridges.delete("elsewhere");
  });

  describe("a bridge's numbers as one BridgeNumbers set", () => {
    /** The sets the program declares. */
    const numberSets: { slug: string; configurationId: number; numbers: string[] }[] = [];
    // The organization's only plivo configuration: an import takes it as its numbers' configuration.
    const account = "MA0000000000000000A5";
    const numbers = Array.from({ length: 6 }, (_, i) => `+1415555095${i}`);
    let configurationId = 0;
    const client = () => new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
    const declareSets = () => native.stack.setConfig("numberSets", { value: JSON.stringify(numberSets) });
    const linked = async (slug: string) =>
      (await client().bridges.retrieve(slug)).numbers.map((n) => n.number).sort();
    const recorded = async (slug: string) => {
      const resource = (await native.stack.exportStack()).deployment.resources.find(
        (r: { type: string; id?: string }) => r.type === "voice:index:BridgeNumbers" && r.id === slug,
      ) as { outputs: { numbers: { phoneNumber: string }[] } } | undefined;
      return resource?.outputs.numbers.map((n) => n.phoneNumber).sort();
    };

    beforeAll(async () => {
      await emu.admin.seed({
        providerAccounts: [{ organization: emu.orgHandle, provider: "plivo", account_sid: account, numbers }],
      });
      const config = await client().providerConfigurations.create({
        provider: "plivo",
        account_sid: account,
        auth_token: SECRETS.authToken,
      });
      configurationId = config.id;
      for (const slug of ["numbers-held", "numbers-grow"])
        await client().bridges.create({ name: slug, slug });
      for (const phoneNumber of numbers.slice(0, 2))
        await client().bridges.connectProvider("numbers-held", {
          provider_config_id: config.id,
          phone_number: phoneNumber,
        });
      await emu.admin.clearRequests();
    }, limitFor(1));

    it("`pulumi import voice:index:BridgeNumbers <name> <slug>` takes the bridge's numbers, then previews clean", async () => {
      const { stdout, stderr } = await native.pulumi(
        "import",
        "voice:index:BridgeNumbers",
        "numbers-held",
        "numbers-held",
        "--protect=false",
        "--generate-code=false",
        "--yes",
      );
      expect(stdout + stderr).not.toMatch(/warning|failed to validate|do not match/);
      expect(await recorded("numbers-held")).toEqual(numbers.slice(0, 2));
      numberSets.push({ slug: "numbers-held", configurationId, numbers: numbers.slice(0, 2) });
      await declareSets();
      await native.stack.preview({ expectNoChanges: true });
      expect(await writes()).toEqual([]);
    });

    it("a partial failure records the links the platform holds (InitializationFailed), and the next up finishes", async () => {
      const path = "/telephony/bridges/numbers-grow/connect-provider/";
      await emu.admin.addFault({
        kind: "status",
        status: 400,
        match: { method: "POST", path },
        every: 3,
        times: 1,
      });
      numberSets.push({ slug: "numbers-grow", configurationId, numbers: numbers.slice(2) });
      await declareSets();
      const failed = await native.stack.up().then(
        () => "",
        (err: Error) => err.message,
      );
      expect(failed).toMatch(/Injected fault: status 400[\s\S]*holds 2 number\(s\) now, recorded in state/);
      expect(await linked("numbers-grow")).toEqual(numbers.slice(2, 4));
      expect(await recorded("numbers-grow")).toEqual(numbers.slice(2, 4));

      await emu.admin.clearFaults();
      await emu.admin.clearRequests();
      expect((await native.stack.up()).summary.resourceChanges).toMatchObject({ update: 1 });
      // Only the two numbers left: what state recorded is not connected again.
      expect((await writes()).filter((w) => w.startsWith("POST"))).toEqual([`POST ${path}`, `POST ${path}`]);
      expect(await linked("numbers-grow")).toEqual(numbers.slice(2));
      expect(await recorded("numbers-grow")).toEqual(numbers.slice(2));
      await native.stack.preview({ expectNoChanges: true });
    });
  });

  it("destroy deletes what was imported", async () => {
    await native.stack.destroy();
    const state = await emu.admin.state();
    expect(state.bridges.filter((b) => b.slug.startsWith("legacy-"))).toEqual([]);
    expect(state.trunks).toEqual([]);
  });
});
