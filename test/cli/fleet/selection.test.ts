import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ProjectSelection, parseFleetFile } from "../../../cli/fleet/fleet-file";
import { FleetInputError } from "../../../cli/fleet/input-error";
import { type ListStacks, selectStacks } from "../../../cli/fleet/selection";

/** Project folders as the engine would list them. */
const BACKEND: Record<string, { project: string; stacks: string[] }> = {
  [path.resolve("customers")]: {
    project: "customers",
    stacks: ["globex", "acme", "initech-prod", "acme-prod"],
  },
  [path.resolve("platform")]: { project: "platform", stacks: ["staging", "prod"] },
  [path.resolve("copy")]: { project: "platform", stacks: ["prod", "dev"] },
};
const list: ListStacks = async (dir) => {
  const found = BACKEND[dir];
  if (!found) throw new Error(`no Pulumi.yaml in ${dir}`);
  return found;
};
const cli = (folders: string[], stacks: string[] = []): ProjectSelection[] =>
  folders.map((folder) => ({ folder, dir: path.resolve(folder), stacks, origin: `--project ${folder}` }));
const ids = async (projects: ProjectSelection[]) => (await selectStacks(projects, list)).map((s) => s.id);
const refused = async (projects: ProjectSelection[]) => {
  const error = await selectStacks(projects, list).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FleetInputError);
  return (error as Error).message;
};

describe("stack selection", () => {
  it("takes every stack of each project, in project order then by name", async () => {
    expect(await ids(cli(["customers", "platform"]))).toEqual([
      "customers/acme",
      "customers/acme-prod",
      "customers/globex",
      "customers/initech-prod",
      "platform/prod",
      "platform/staging",
    ]);
  });

  it("keeps the stacks matching a glob in any project, and a name", async () => {
    expect(await ids(cli(["customers", "platform"], ["*-prod", "prod"]))).toEqual([
      "customers/acme-prod",
      "customers/initech-prod",
      "platform/prod",
    ]);
    expect(await ids(cli(["customers"], ["acme?prod"]))).toEqual(["customers/acme-prod"]);
  });

  it("refuses a selection matching nothing, a name given twice, a stack reached twice", async () => {
    expect(await refused(cli(["customers"], ["acme", "nope"]))).toBe(
      "--stack nope: names no stack of customers (its stacks: acme, acme-prod, globex, initech-prod)",
    );
    expect(await refused(cli(["customers", "platform"], ["z*"]))).toMatch(
      /^--stack z\*: matches no stack of customers, platform \(their stacks: /,
    );
    expect(await refused(cli(["customers"], ["acme", "acme"]))).toBe(
      "--stack acme: a stack named twice; name each stack once",
    );
    expect(await refused(cli(["customers", "customers"]))).toMatch(
      /the project folder customers is named twice/,
    );
    expect(await refused(cli(["platform", "copy"]))).toMatch(
      /both select stack platform\/prod \(folders platform and copy\): a stack named twice/,
    );
    expect(await refused(cli(["nowhere"]))).toMatch(
      /^--project nowhere: nowhere is not a Pulumi project folder/,
    );
  });

  it("refuses a project with no stack at all", async () => {
    const empty: ListStacks = async () => ({ project: "empty", stacks: [] });
    await expect(selectStacks(cli(["customers"]), empty)).rejects.toThrow(/the selection matches no stack/);
  });
});

describe("the fleet file", () => {
  const file = path.join("ci", "fleet.yaml");

  it("lists project folders relative to itself, with their stacks", async () => {
    const projects = parseFleetFile(
      "projects:\n  - folder: ../customers\n    stacks: ['*-prod']\n  - folder: ../platform\n",
      file,
    );
    expect(projects).toEqual([
      {
        folder: "../customers",
        dir: path.resolve("customers"),
        stacks: ["*-prod"],
        origin: `${file}: projects.0`,
      },
      { folder: "../platform", dir: path.resolve("platform"), stacks: [], origin: `${file}: projects.1` },
    ]);
    expect(await ids(projects)).toEqual([
      "customers/acme-prod",
      "customers/initech-prod",
      "platform/prod",
      "platform/staging",
    ]);
    expect(
      await refused(parseFleetFile("projects:\n  - folder: ../customers\n    stacks: [nope]\n", file)),
    ).toMatch(/^ci\/fleet.yaml: projects.0.stacks: nope: names no stack of \.\.\/customers/);
  });

  it("names the line of a file that does not parse, and the field of one that breaks a rule", () => {
    const bad = (text: string) => {
      try {
        parseFleetFile(text, "fleet.yaml");
      } catch (e) {
        expect(e).toBeInstanceOf(FleetInputError);
        return (e as Error).message;
      }
      throw new Error("accepted");
    };
    expect(bad("projects:\n  - folder: a\n   stacks: [x\n")).toMatch(
      /^--fleet fleet.yaml: not valid YAML at line \d+, column \d+/,
    );
    expect(bad("projects: []\n")).toBe("--fleet fleet.yaml: projects must list at least one project");
    expect(bad("projects:\n  - stacks: [a]\n")).toMatch(
      /^--fleet fleet.yaml: projects.0.folder must be a string/,
    );
    expect(bad("projects:\n  - folder: a\n    stacks: []\n")).toMatch(
      /projects.0.stacks must list at least one/,
    );
    expect(bad("projects:\n  - folder: a\n    stack: [x]\n")).toMatch(
      /^--fleet fleet.yaml: projects.0 .*stack/,
    );
    expect(bad("stacks: [a]\n")).toMatch(/^--fleet fleet.yaml: /);
  });
});
