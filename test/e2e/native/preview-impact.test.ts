// Impact warnings in `pulumi preview` (native provider, `voice:impact`): a change moving a busy number
// (calls, live channels, an agent, a follow-up) and a quiet one from "support" to "sales" warns under
// the busy number's resource only, says whether the stack acknowledged it, and costs nothing when off.
import { beforeAll, describe, expect, it } from "vitest";
import { DELETIONS_NOTE } from "../../../provider/plugin/impact-review";
import { limitFor } from "../../fixtures/limits";
import { CARRIER_PROGRAM, javascriptProject, useNativeStack } from "../../fixtures/native-stack";
import { upOnly } from "../../fixtures/stack-up";
import { SECRETS } from "../../fixtures/voice-stack";

const BUSY = "+14155550100";
const QUIET = "+14155550101";
const HOUR = 3_600_000;

/** Two bridges and two linked numbers, both on the bridge config `bridge` names (default "support"). */
const PROGRAM = `${CARRIER_PROGRAM}const bridges = {};
for (const slug of ["support", "sales"]) {
  bridges[slug] = new pulumi.CustomResource("voice:index:Bridge", slug, { name: slug, slug });
}
const bridge = bridges[config.get("bridge") ?? "support"];
for (const [name, phoneNumber] of [["busy", ${JSON.stringify(BUSY)}], ["quiet", ${JSON.stringify(QUIET)}]]) {
  new pulumi.CustomResource("voice:index:BridgeNumber", name, {
    bridgeSlug: bridge.slug,
    providerConfigurationId: carrier.configurationId,
    phoneNumber,
  });
}
`;

/** What the Diagnostics section of a preview lists under `resource` (`<type> (<name>)`), a line each. */
function diagnosticsOf(output: string, resource: string): string[] {
  const section = output.slice(output.indexOf("\nDiagnostics:\n"));
  const start = section.indexOf(`\n  ${resource}:\n`);
  if (start < 0) return [];
  const block = section.slice(start + resource.length + 5).split("\n\n")[0] ?? "";
  return block.split("\n").map((line) => line.trim());
}

/** The warnings under the link `name`. */
const warningsOf = (output: string, name: string): string[] =>
  diagnosticsOf(output, `voice:index:BridgeNumber (${name})`)
    .filter((line) => line.startsWith("warning: "))
    .map((line) => line.slice("warning: ".length));

describe("impact warnings in `pulumi preview`", () => {
  const { emu, native } = useNativeStack({
    "Pulumi.yaml": javascriptProject("voice-preview-warnings"),
    "index.js": PROGRAM,
  });
  const preview = async () => {
    await emu.admin.clearRequests();
    const { stdout, stderr } = await native.pulumi("preview");
    const output = `${stdout}${stderr}`;
    for (const secret of [emu.token, SECRETS.authToken]) expect(output).not.toContain(secret);
    return { output, paths: (await emu.admin.requests()).map((r) => r.path) };
  };

  beforeAll(async () => {
    await upOnly(native.stack);
    // The busy number: a call an hour ago and one the day before, two live channels, an agent, a follow-up.
    const now = Date.now();
    for (const hours of [1, 30]) {
      await emu.admin.addCdr(emu.orgHandle, {
        source_number: "+12065550142",
        destination_number: BUSY,
        call_type: "inbound",
        call_status: "completed",
        creation_time: new Date(now - hours * HOUR - 5_000).toISOString(),
        start_time: new Date(now - hours * HOUR).toISOString(),
        end_time: new Date(now - hours * HOUR + 60_000).toISOString(),
        call_duration: 60,
        end_reason: "call.completed.caller_hangup",
      });
    }
    await emu.admin.setLiveChannels(emu.orgHandle, BUSY, 2);
    await emu.admin.setNumberAgent(emu.orgHandle, BUSY, "support-agent");
    // The quiet one: an agent (so its follow-ups are looked up: none), no calls, no live channel.
    await emu.admin.setNumberAgent(emu.orgHandle, QUIET, "sales-agent");
    const nextAt = new Date(now + 18 * HOUR).toISOString();
    await emu.admin.addFollowUp(emu.orgHandle, { number: BUSY, nextAt, assignee: "support-agent" });
    // The change under review: both numbers move to "sales".
    await native.stack.setConfig("bridge", { value: "sales" });
  }, limitFor(1));

  it(
    "off (the default): no warning, and no request reads calls, the overview or tasks",
    async () => {
      await native.stack.removeConfig("voice:impact");
      const { output, paths } = await preview();
      expect(output).toMatch(/~ 2 to update/);
      expect(output).not.toContain(BUSY);
      expect(output).not.toMatch(/impact|acknowledge/i);
      expect(paths.filter((p) => /^\/(cdr|telephony\/overview|agents)\//.test(p))).toEqual([]);
    },
    limitFor(1),
  );

  it(
    "on: a HIGH warning under the busy number's resource naming its calls, channels, agent and follow-up; none for the quiet one",
    async () => {
      await native.stack.setConfig("voice:impact", { value: "true" });
      const { output, paths } = await preview();
      const [warning, ...more] = warningsOf(output, "busy");
      expect(more).toEqual([]);
      expect(warning).toMatch(
        new RegExp(
          `^\\${BUSY} \\(move support → sales\\): HIGH — 2 live channels now; 2 calls in 7 days \\(2 in, 0 out\\), last \\S+; ` +
            "agent support-agent; 1 follow-up scheduled \\(next \\S+\\) — not acknowledged: " +
            "add \\{resource: busy\\} to voice:acknowledgeImpact to accept it$",
        ),
      );
      expect(warningsOf(output, "quiet")).toEqual([]);
      expect(output).not.toContain(QUIET);
      // Deletions are not covered: said once, not as a warning.
      const stack = diagnosticsOf(output, "pulumi:pulumi:Stack (voice-preview-warnings-native)");
      expect(stack.filter((line) => line.includes("`pulumi-voice-platform report --impact`"))).toEqual([
        DELETIONS_NOTE,
      ]);
      // One read of the organization's calls and overview for both resources.
      expect(paths.filter((p) => p === "/telephony/overview/")).toHaveLength(1);
      expect(paths.filter((p) => p === "/cdr/").length).toBeGreaterThan(0);
    },
    limitFor(1),
  );

  it(
    "acknowledged in voice:acknowledgeImpact: the warning says so, with the reason",
    async () => {
      await native.stack.setConfig("voice:impact", { value: "true" });
      await native.stack.setConfig("voice:acknowledgeImpact[0].resource", { value: "busy" }, true);
      await native.stack.setConfig(
        "voice:acknowledgeImpact[0].reason",
        { value: "moving to sales, CHG-42" },
        true,
      );
      try {
        const { output } = await preview();
        const warnings = warningsOf(output, "busy");
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(
          /: HIGH — .* — acknowledged in voice:acknowledgeImpact: moving to sales, CHG-42$/,
        );
      } finally {
        await native.stack.removeConfig("voice:acknowledgeImpact");
      }
    },
    limitFor(1),
  );

  it(
    "a bad voice:impactWindowDays fails the preview naming the setting and the rule, before any request",
    async () => {
      await native.stack.setConfig("voice:impactWindowDays", { value: "0" });
      try {
        await emu.admin.clearRequests();
        const message = await native.pulumiFailure("preview");
        expect(message).toContain("voice:impactWindowDays must be greater than 0");
        expect(message).not.toContain(emu.token);
        expect(await emu.admin.requests()).toEqual([]);
      } finally {
        await native.stack.removeConfig("voice:impactWindowDays");
      }
    },
    limitFor(1),
  );
});
