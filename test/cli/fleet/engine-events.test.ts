import { readFileSync } from "node:fs";
import path from "node:path";
import type { EngineEvent, StepEventMetadata } from "@pulumi/pulumi/automation";
import { describe, expect, it } from "vitest";
import { EngineEvents } from "../../../cli/fleet/engine-events";
import { failureCause } from "../../../cli/fleet/failure-cause";
import { lockedCause, lockHolders } from "../../../cli/fleet/locks";
import { buildReport } from "../../../cli/report/merge";
import { countRequests, requestLogger } from "../../../provider/connection/request-log";

const URN = "urn:pulumi:acme::fleet::pulumi-nodejs:dynamic/voice:Bridge::support";
const TYPE = "pulumi-nodejs:dynamic/voice:Bridge";
const state = (name: string) => ({
  type: TYPE,
  urn: URN,
  id: "support",
  parent: "",
  provider: "",
  inputs: { name, slug: "support" },
  outputs: { name, slug: "support", bridgeId: 1 },
});
const step = (op: StepEventMetadata["op"], oldName?: string, newName?: string): StepEventMetadata => ({
  op,
  urn: URN,
  type: TYPE,
  provider: "",
  ...(oldName ? { old: state(oldName) } : {}),
  ...(newName ? { new: state(newName) } : {}),
});
const ev = (e: Omit<EngineEvent, "sequence" | "timestamp">): EngineEvent => ({
  sequence: 0,
  timestamp: 0,
  ...e,
});

describe("engine events folded into a report row", () => {
  it("reads a refresh's outcome as drift from the recorded state to the platform's", () => {
    const events = new EngineEvents();
    events.add(ev({ resourcePreEvent: { metadata: step("refresh", "Support", "Support") } }));
    events.add(ev({ resOutputsEvent: { metadata: step("update", "Support", "Renamed") } }));
    events.add(
      ev({
        summaryEvent: {
          maybeCorrupt: false,
          durationSeconds: 1,
          resourceChanges: { same: 1, update: 1 },
          policyPacks: {},
        },
      }),
    );
    expect(buildReport([events.document()]).rows).toMatchObject([
      {
        resource: "voice:Bridge support",
        property: "name",
        code: "Support",
        platform: "Renamed",
        action: "update",
        origin: "platform",
      },
    ]);
    expect(events.summary()).toEqual({ same: 1, update: 1 });
    expect(events.completed).toBe(1);
  });

  it("reads a resource gone from the platform as one `up` creates again, and leaves the engine's own out", () => {
    const events = new EngineEvents();
    events.add(ev({ resourcePreEvent: { metadata: step("refresh", "Support", "Support") } }));
    events.add(ev({ resOutputsEvent: { metadata: step("delete", "Support") } }));
    const stackUrn = "urn:pulumi:acme::fleet::pulumi:pulumi:Stack::fleet-acme";
    events.add(
      ev({
        resOutputsEvent: {
          metadata: { op: "create", urn: stackUrn, type: "pulumi:pulumi:Stack", provider: "" },
        },
      }),
    );
    expect(buildReport([events.document()]).rows).toMatchObject([
      { resource: "voice:Bridge support", property: "", action: "create" },
    ]);
  });

  it("counts an applied operation's steps once done (a failed or never-ended step did nothing); a check's once planned", () => {
    const other = URN.replace("::support", "::sales");
    const events = (applied: boolean) => {
      const e = new EngineEvents(applied);
      e.add(ev({ resourcePreEvent: { metadata: step("update", "Support", "Help") } }));
      e.add(ev({ resOutputsEvent: { metadata: step("update", "Support", "Help") } }));
      e.add(ev({ resourcePreEvent: { metadata: { ...step("create", undefined, "Sales"), urn: other } } }));
      e.add(
        ev({
          resOpFailedEvent: {
            metadata: { ...step("create", undefined, "Sales"), urn: other },
            status: 0,
            steps: 0,
          },
        }),
      );
      return buildReport([e.document()]).rows.map((r) => `${r.resource} ${r.action}`);
    };
    expect(events(true)).toEqual(["voice:Bridge support update"]);
    expect(events(false)).toEqual(["voice:Bridge support update", "voice:Bridge sales create"]);
  });

  it("keeps policy violations and error diagnostics, without colours", () => {
    const events = new EngineEvents();
    events.add(
      ev({
        policyEvent: {
          resourceUrn: URN,
          message: "\u001b[31mBridge 'support' is not protected\u001b[0m\n",
          color: "raw",
          policyName: "voice-protect-in-production",
          policyPackName: "pulumi-voice-platform",
          policyPackVersion: "0.1.0",
          policyPackVersionTag: "v0.1.0",
          enforcementLevel: "mandatory",
        },
      }),
    );
    events.add(
      ev({
        diagnosticEvent: {
          urn: URN,
          message: "voice:Bridge create failed: refused\n",
          color: "raw",
          severity: "error",
        },
      }),
    );
    events.add(ev({ diagnosticEvent: { message: "update failed", color: "raw", severity: "error" } }));
    expect(events.violations).toEqual([
      {
        policy: "voice-protect-in-production",
        pack: "pulumi-voice-platform",
        level: "mandatory",
        resource: "voice:Bridge support",
        message: "Bridge 'support' is not protected",
      },
    ]);
    expect(failureCause(events.errors, new Error("ignored"))).toBe(
      "voice:Bridge support: create failed: refused",
    );
  });
});

// Recorded from a JavaScript program on the native provider (bridges "support" and "sales"), bridge
// "support" renamed and "sales" deleted in the dashboard: the Automation API's events of
// `refresh --preview-only` (the fleet's drift) and of `preview --refresh`.
describe("engine events of a native stack, recorded", () => {
  const recorded = (name: string): EngineEvent[] =>
    JSON.parse(readFileSync(path.join(__dirname, "recorded", `native-${name}-events.json`), "utf8"));
  const rowsOf = (name: string) => {
    const events = new EngineEvents();
    for (const e of recorded(name)) events.add(e);
    return buildReport([events.document()]).rows.map((r) => [
      r.resource,
      r.property,
      r.code,
      r.platform,
      r.action,
      r.origin,
    ]);
  };

  it("drift: the code's value under In code, the platform's under On the platform; a deleted bridge is drift `up` creates again", () => {
    expect(rowsOf("drift")).toEqual([
      ["voice:index:Bridge support", "name", "Support", "Renamed by hand", "update", "platform"],
      ["voice:index:Bridge sales", "", "", undefined, "create", "platform"],
    ]);
  });

  it("a refreshed preview: the same drift, and what up will do about it", () => {
    expect(rowsOf("prefresh")).toEqual([
      ["voice:index:Bridge support", "name", "Support", "Renamed by hand", "update", "platform"],
      ["voice:index:Bridge sales", "", "", undefined, "create", "platform"],
    ]);
  });
});

describe("failure causes", () => {
  it("takes the CLI's error when the engine sent no event", () => {
    const thrown = new Error(
      "Command failed with exit code 255: pulumi preview\n code: 255\n stdout: \n stderr: error: no stack named 'nope' found\n",
    );
    expect(failureCause([], thrown)).toBe("no stack named 'nope' found");
    expect(failureCause([{ urn: undefined, message: "preview failed" }], new Error("x"))).toBe("x");
  });

  it("names the holders of a stack's locks", () => {
    const text =
      "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.\n" +
      "  postgres://****:****@127.0.0.1:5432/.pulumi/locks/x.json: created by root@runner-7 (pid 4242) at 2026-01-01T10:00:00Z";
    const locks = lockHolders(text) ?? [];
    expect(locks).toEqual([{ holder: "root@runner-7, pid 4242", since: new Date("2026-01-01T10:00:00Z") }]);
    expect(lockHolders(`${text}\n stderr: ${text}`)).toEqual(locks); // the same lock quoted twice
    expect(lockHolders("error: something else")).toBeUndefined();
    expect(lockedCause(locks)).toMatch(
      /^locked by another run \(root@runner-7, pid 4242 since 2026-01-01T10:00:00Z\)/,
    );
  });
});

describe("the request log", () => {
  it("writes one line per attempt, the route template only, and counts 429s", async () => {
    const { mkdtemp, readFile } = await import("node:fs/promises");
    const dir = await mkdtemp(`${(await import("node:os")).tmpdir()}/fleet-requests-`);
    const file = `${dir}/requests`;
    const logger = requestLogger({ VOICE_REQUEST_LOG: file });
    logger?.debug("x", { method: "GET", path: "/telephony/bridges/{slug}/", status: 200 });
    logger?.debug("x", { method: "GET", path: "/organizations/", status: 429 });
    logger?.debug("x", { method: "POST", path: "/telephony/bridges/", error: "TimeoutError" });
    const text = await readFile(file, "utf8");
    expect(text).toBe(
      "200 GET /telephony/bridges/{slug}/\n429 GET /organizations/\n- POST /telephony/bridges/ TimeoutError\n",
    );
    expect(countRequests(text)).toEqual({ requests: 3, throttled: 1 });
    expect(requestLogger({})).toBeUndefined();
  });
});
