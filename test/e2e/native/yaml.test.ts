// The Pulumi YAML example (examples/yaml) through the real engine and the YAML language host: up,
// a no-op preview, drift found and put back, `pulumi import` printing YAML, `get` failures, a refresh of
// deletions. Destroy runs no program: the YAML install page's test (test/docs/install/yaml.test.ts) runs
// it as a user does, test/e2e/native/provider.test.ts proves it.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { repoRoot } from "../../fixtures/engine";
import { requireYamlHost } from "../../fixtures/language-stack";
import { limitFor } from "../../fixtures/limits";
import {
  importLegacyBridge,
  nativeStack,
  PLUGIN_FROM_REPO,
  useNativeStack,
} from "../../fixtures/native-stack";
import { upOnly } from "../../fixtures/stack-up";
import { plainExport, SECRETS } from "../../fixtures/voice-stack";

const EXAMPLE = path.join(repoRoot, "examples", "yaml");

/** A YAML project whose one resource is a `get` of `type` by `id`. */
const getProject = (type: string, id: string) => `name: voice-yaml-get
runtime: yaml
${PLUGIN_FROM_REPO}resources:
  found:
    type: voice:index:${type}
    get:
      id: "${id}"
`;

describe("the Pulumi YAML example with the native provider", () => {
  const { emu, native } = useNativeStack(
    async () => {
      await requireYamlHost();
      // The example as a user copies it, the plugin path made absolute for the copy's new place.
      const yaml = (await readFile(path.join(EXAMPLE, "Pulumi.yaml"), "utf8")).replace(
        "path: ../../bin",
        `path: ${path.join(repoRoot, "bin")}`,
      );
      return { "Pulumi.yaml": yaml };
    },
    { stackName: "yaml" },
  );
  const project = () => path.join(native.dir.path, "Pulumi.yaml");
  const support = async () => (await emu.admin.state()).bridges.find((b) => b.slug === "support-line");

  beforeAll(async () => {
    // The example's own secret config keys.
    await native.stack.removeAllConfig(["authToken", "sipPassword"]);
    await native.stack.setAllConfig({
      twilioAuthToken: { value: SECRETS.authToken, secret: true },
      sipPassword: { value: SECRETS.sipPassword, secret: true },
    });
  });

  it(
    "up creates the four resources and answers the invoke; a preview right after finds no change",
    async () => {
      const up = await native.stack.up();
      expect(up.summary.resourceChanges).toEqual({ create: 5 });
      expect(up.outputs.bridgeId?.value).toBe((await support())?.id);
      expect(up.outputs.organizations?.value).toEqual(
        expect.arrayContaining([expect.objectContaining({ domainHandle: emu.orgHandle })]),
      );
      const state = await emu.admin.state();
      expect([state.configurations.length, state.links.length, state.trunks.length]).toEqual([1, 1, 1]);
      const exported = await plainExport(native.stack);
      expect(exported).not.toContain(SECRETS.authToken);
      expect(exported).not.toContain(SECRETS.sipPassword);
      const { stdout } = await native.pulumi("preview", "--expect-no-changes");
      expect(stdout).toMatch(/5 unchanged/);
    },
    limitFor(2),
  );

  it(
    "finds a bridge renamed on the platform, and `up --refresh` puts the name back",
    async () => {
      await upOnly(native.stack);
      await emu.admin.renameBridge(emu.orgHandle, "support-line", "Renamed by hand");
      const drift = await native.pulumi("refresh", "--preview-only", "--expect-no-changes", "--diff").then(
        () => undefined,
        (error: { stdout?: string }) => error.stdout ?? "",
      );
      expect(drift).toMatch(/voice:index:Bridge[\s\S]*Renamed by hand/);
      await upOnly(native.stack, { refresh: true });
      expect((await support())?.name).toBe("Support line");
    },
    limitFor(3),
  );

  it(
    "`pulumi import` prints the imported bridge as YAML, which previews clean once pasted",
    async () => {
      await upOnly(native.stack);
      const stdout = await importLegacyBridge(native, emu);
      const code = stdout.slice(stdout.indexOf("resources:"));
      expect(code).toMatch(/resources:\n {2}legacy:\n {4}type: voice:(index:)?Bridge\n {4}properties:\n/);
      expect(code).toMatch(/name: Legacy\n/);
      // Pasted under the program's resources (the lines after the printed `resources:`).
      const block = code.split("\n").slice(1).join("\n").trimEnd();
      const yaml = await readFile(project(), "utf8");
      await writeFile(project(), yaml.replace("\noutputs:", `\n${block}\noutputs:`));
      try {
        const { stdout: preview } = await native.pulumi("preview", "--expect-no-changes");
        expect(preview).toMatch(/6 unchanged/);
      } finally {
        await writeFile(project(), yaml);
      }
    },
    limitFor(3),
  );

  it(
    "a `get` of an id that does not exist fails naming the type and the id; another organization's says so",
    async () => {
      const globex = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: "globex" });
      const trunk = await globex.trunks.create({ name: "elsewhere", sip_url: "sip:elsewhere.example.com" });
      const cases = [
        [
          "ProviderConfiguration",
          "999999",
          `no provider configuration "999999" in organization "${emu.orgHandle}"`,
        ],
        ["Bridge", "no-such-bridge", `no bridge "no-such-bridge" in organization "${emu.orgHandle}"`],
        [
          "BridgeNumber",
          "support-line/999999/+14155550999",
          `no bridge number link "support-line/999999/+14155550999" in organization "${emu.orgHandle}"`,
        ],
        [
          "SipTrunk",
          String(trunk.id),
          `SIP trunk "${trunk.id}" is not in organization "${emu.orgHandle}": it is in organization "globex"`,
        ],
      ] as const;
      const lookup = await nativeStack(
        emu,
        { "Pulumi.yaml": getProject("Bridge", "x") },
        { stackName: "get" },
      );
      try {
        await lookup.stack.removeAllConfig(["authToken", "sipPassword"]);
        for (const [type, id, expected] of cases) {
          await writeFile(path.join(lookup.dir.path, "Pulumi.yaml"), getProject(type, id));
          const message = await lookup.pulumiFailure("preview");
          expect(message).toContain(`voice:${type} read failed`);
          expect(message).toContain(expected);
          expect(message).not.toContain(emu.token);
        }
      } finally {
        await lookup.cleanup();
        await globex.trunks.delete(trunk.id);
      }
    },
    limitFor(4),
  );

  it(
    "a refresh still drops what was deleted outside the stack, every type",
    async () => {
      await upOnly(native.stack);
      const state = await emu.admin.state();
      await emu.admin.deleteBridge(emu.orgHandle, "support-line");
      for (const c of state.configurations) await emu.admin.deleteConfiguration(emu.orgHandle, c.id);
      for (const t of state.trunks) await emu.admin.deleteTrunk(emu.orgHandle, t.id);
      const { stdout } = await native.pulumi("refresh", "--yes");
      expect(stdout).toMatch(/4 deleted/);
    },
    limitFor(2),
  );
});
