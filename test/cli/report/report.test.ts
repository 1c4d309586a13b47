// `report` on JSON recorded from the engine 3.259 (test/cli/report/recorded, made by the e2e program:
// a bridge and a trunk; a code change of the trunk's port, a rename of the bridge on the platform, both).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type EngineJson, parseEngineJson } from "../../../cli/report/engine-json";
import { cell, renderMarkdown } from "../../../cli/report/markdown";
import { buildReport, hasChanges } from "../../../cli/report/merge";
import { SECRET_SIG, SECRET_SIG_VALUE } from "../../../cli/report/secrets";

const recorded = (name: string): EngineJson =>
  parseEngineJson(readFileSync(path.join(__dirname, "recorded", `${name}.json`), "utf8"), name);
const rows = (...names: string[]) =>
  buildReport(names.map(recorded)).rows.map((r) => [
    r.resource,
    r.property,
    r.code,
    r.platform,
    r.action,
    r.origin,
  ]);

describe("report on recorded engine JSON", () => {
  it("a code change alone: the preview's update, from the code", () => {
    expect(rows("code-preview")).toEqual([
      ["voice:SipTrunk edge", "port", "5061", "5060", "update", undefined],
    ]);
    expect(rows("code-preview", "code-refresh")).toEqual([
      ["voice:SipTrunk edge", "port", "5061", "5060", "update", "code"],
    ]);
    expect(buildReport([recorded("code-refresh")])).toEqual({ rows: [], unlocatedDrift: 0 });
  });

  it("drift alone: a plain preview sees nothing; the refreshed preview names the property", () => {
    expect(rows("drift-preview")).toEqual([]);
    expect(rows("drift-preview", "drift-prefresh")).toEqual([
      ["voice:Bridge support", "name", "Support", "Renamed in the dashboard", "update", "platform"],
    ]);
    // 3.259's `refresh --preview-only --json` counts the drifted resource without its properties.
    expect(buildReport([recorded("drift-refresh")])).toEqual({ rows: [], unlocatedDrift: 1 });
  });

  it("both: each row says where its difference comes from", () => {
    expect(rows("both-preview", "both-prefresh")).toEqual([
      ["voice:SipTrunk edge", "port", "5061", "5060", "update", "code"],
      ["voice:Bridge support", "name", "Support", "Renamed in the dashboard", "update", "platform"],
    ]);
    expect(buildReport(["both-preview", "both-refresh"].map(recorded)).unlocatedDrift).toBe(1);
  });

  it("renders the table, and no change as a sentence", () => {
    const md = renderMarkdown(buildReport(["both-preview", "both-prefresh"].map(recorded)));
    expect(md).toContain("| Resource | Property | In code | On the platform | `up` will | Cause |");
    expect(md).toContain("| voice:SipTrunk edge | `port` | `5061` | `5060` | **update** | code |");
    expect(md).toContain(
      "| voice:Bridge support | `name` | `Support` | `Renamed in the dashboard` | **update** | platform (drift) |",
    );
    const clean = buildReport([recorded("code-refresh")]);
    expect(hasChanges(clean)).toBe(false);
    expect(renderMarkdown(clean)).toContain("No changes: the platform matches the code.");
    expect(renderMarkdown(buildReport([recorded("drift-refresh")]))).toContain(
      "1 resource changed on the platform",
    );
  });

  it("secrets only as [secret], signed or masked, at any depth", () => {
    const doc = recorded("code-preview");
    const step = doc.steps?.find((s) => s.op === "update");
    const signed = { [SECRET_SIG]: SECRET_SIG_VALUE, plaintext: "hunter2-plain" };
    step!.newState!.inputs = { ...step!.newState!.inputs, authPassword: signed, extra: { nested: [signed] } };
    step!.diffReasons = ["authPassword"]; // a changed secret: the engine names it, its masks look alike
    const md = renderMarkdown(buildReport([doc]));
    expect(md).not.toContain("hunter2-plain");
    expect(md).toContain('| voice:SipTrunk edge | `extra` | `{"nested":["[secret]"]}` |  | **update** |');
    expect(md).toContain("| voice:SipTrunk edge | `authPassword` | `[secret]` | `[secret]` | **update** |");
  });

  it("cells escape pipes and backticks", () => {
    expect(cell("a|b")).toBe("`a\\|b`");
    expect(cell("x`y")).toBe("``x`y``");
    expect(cell(undefined)).toBe("");
  });

  it("rejects what is not the engine's JSON, naming the source", () => {
    expect(() => parseEngineJson("nope", "x.json")).toThrow(/x\.json is not JSON/);
    expect(() => parseEngineJson('{"a":1}', "y.json")).toThrow(/y\.json is not the JSON of `pulumi preview/);
  });
});

// Recorded from an exported project (the seeded organization, every resource declared with `adopt: true`)
// after its taking-over `up`: untouched; with bridge "spare" renamed in the dashboard; and with that rename,
// trunk "bare"'s port changed in code and trunk "primary-edge"'s SIP password changed in config.
describe("report on an exported project's recorded engine JSON", () => {
  it("nothing drifted: no rows", () => {
    expect(rows("export-clean-preview", "export-clean-prefresh")).toEqual([]);
    expect(rows("export-clean-prefresh")).toEqual([]);
  });

  it("a bridge renamed in the dashboard is the one drift; adopt, which the platform does not hold, is no row", () => {
    const drift = ["voice:Bridge spare", "name", "Spare", "Renamed", "update"];
    expect(rows("export-drift-preview", "export-drift-prefresh")).toEqual([[...drift, "platform"]]);
    expect(rows("export-drift-prefresh")).toEqual([[...drift, undefined]]);
  });

  it("a code change, a changed write-only secret and drift together: each row says where it comes from", () => {
    const md = renderMarkdown(buildReport(["export-all-preview", "export-all-prefresh"].map(recorded)));
    expect(rows("export-all-preview", "export-all-prefresh")).toEqual([
      ["voice:SipTrunk bare", "port", "5070", "5060", "update", "code"],
      ["voice:SipTrunk primary-edge", "authPassword", "[secret]", "[secret]", "update", "code"],
      ["voice:Bridge spare", "name", "Spare", "Renamed", "update", "platform"],
    ]);
    expect(md).not.toContain("`adopt`");
    expect(md).toContain(
      "| voice:SipTrunk primary-edge | `authPassword` | `[secret]` | `[secret]` | **update** | code |",
    );
  });
});

// Recorded from a JavaScript program on the native provider (a configuration, bridge "support" with a
// BridgeNumbers set of two numbers, trunk "edge"): the trunk's port changed in code; the bridge renamed and
// one set number disconnected in the dashboard; both. The engine's JSON of a native stack differs from a
// dynamic one's: its `refresh --preview-only` gives each drifted resource as the update the refresh records.
describe("report on a native stack's recorded engine JSON, every input", () => {
  const PORT = ["voice:index:SipTrunk edge", "port", "5061", "5060", "update"];
  const NAME = ["voice:index:Bridge support", "name", "Support", "Renamed in the dashboard", "update"];
  const SET = [
    "voice:index:BridgeNumbers support-numbers",
    "numbers",
    "+14155550100 +14155550101",
    "+14155550100",
    "update",
  ];
  const numbers = (v: unknown) =>
    Array.isArray(v) ? v.map((n: { phoneNumber: string }) => n.phoneNumber).join(" ") : v;
  const nativeRows = (...names: string[]) =>
    buildReport(names.map((n) => recorded(`native-${n}`))).rows.map((r) => [
      r.resource,
      r.property,
      numbers(r.code),
      numbers(r.platform),
      r.action,
      r.origin,
    ]);
  const by = (origin?: string) => (row: unknown[]) => [...row, origin];

  it.each([
    ["code", ["preview"], [by()(PORT)]],
    ["code", ["prefresh"], [by()(PORT)]],
    ["code", ["refresh"], []],
    ["code", ["preview", "prefresh"], [by("code")(PORT)]],
    ["code", ["preview", "refresh"], [by("code")(PORT)]],
    ["drift", ["preview"], []],
    ["drift", ["prefresh"], [by()(NAME), by()(SET)]],
    ["drift", ["refresh"], [by("platform")(NAME), by("platform")(SET)]],
    ["drift", ["preview", "prefresh"], [by("platform")(NAME), by("platform")(SET)]],
    ["drift", ["preview", "refresh"], [by("platform")(NAME), by("platform")(SET)]],
    ["both", ["preview", "prefresh"], [by("code")(PORT), by("platform")(NAME), by("platform")(SET)]],
    ["both", ["preview", "refresh"], [by("code")(PORT), by("platform")(NAME), by("platform")(SET)]],
    ["both", ["refresh"], [by("platform")(NAME), by("platform")(SET)]],
  ] as const)(
    "%s, from %j: the code's value under In code, the platform's under On the platform",
    (scenario, inputs, expected) => {
      expect(nativeRows(...inputs.map((i) => `${scenario}-${i}`))).toEqual(expected);
    },
  );

  it("a resource deleted on the platform is drift that `up` creates again, from either input", () => {
    const doc = recorded("native-drift-refresh");
    const set = doc.steps?.find((s) => s.urn.endsWith("support-numbers"));
    doc.steps?.push({
      ...set!,
      op: "delete",
      newState: null,
      urn: set!.urn.replace("support-numbers", "gone"),
    });
    expect(buildReport([doc]).rows.filter((r) => r.urn.endsWith("gone"))).toMatchObject([
      { property: "", action: "create", origin: "platform" },
    ]);
  });
});
