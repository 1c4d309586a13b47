// Stack selection over several project folders as the engine lists them: two projects, their stacks
// made with `pulumi stack init` in one file backend, selected by `fleet list` through the compiled
// command line (no engine operation runs: listing is all selection needs).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE_BUILD_TIMEOUT_MS } from "../../fixtures/engine";
import { emptyProjects, fleet } from "../../fixtures/fleet";
import { limitFor } from "../../fixtures/limits";

let projects: Awaited<ReturnType<typeof emptyProjects>> | undefined;
const list = (...args: string[]) => fleet(["list", ...args], projects?.where ?? expect.unreachable());
const ids = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => line.split("\t")[0]);

beforeAll(async () => {
  projects = await emptyProjects({
    customers: { project: "customers", stacks: ["acme-prod", "globex-prod", "acme-staging"] },
    platform: { project: "platform", stacks: ["prod", "staging"] },
  });
  await writeFile(
    path.join(projects.where.cwd, "fleet.yaml"),
    "projects:\n  - folder: customers\n    stacks: ['acme-*']\n  - folder: platform\n",
  );
  // The engine may be built; five `pulumi stack init`s.
}, ENGINE_BUILD_TIMEOUT_MS + limitFor(2));

afterAll(() => projects?.remove());

describe("fleet: stacks of several project folders in one backend", () => {
  it.each([
    {
      what: "every stack of each folder, folders in the order given",
      args: ["--project", "platform", "--project", "customers"],
      stacks:
        "platform/prod platform/staging customers/acme-prod customers/acme-staging customers/globex-prod",
    },
    {
      what: "the stacks a glob matches in every folder",
      args: ["--project", "customers", "--project", "platform", "--stack", "*prod"],
      stacks: "customers/acme-prod customers/globex-prod platform/prod",
    },
    {
      what: "a fleet file's folders and globs",
      args: ["--fleet", "fleet.yaml"],
      stacks: "customers/acme-prod customers/acme-staging platform/prod platform/staging",
    },
  ])(
    "selects $what",
    async ({ args, stacks }) => {
      const { code, stdout, stderr } = await list(...args);
      expect({ code, stderr, stacks: ids(stdout).join(" ") }).toEqual({ code: 0, stderr: "", stacks });
    },
    limitFor(1),
  );

  it(
    "prints each stack's folder, and refuses a glob matching none by naming every stack",
    async () => {
      const { stdout } = await list("--project", "customers");
      expect(stdout).toContain("customers/acme-prod\tcustomers\n");
      const none = await list("--project", "customers", "--project", "platform", "--stack", "dev-*");
      expect(none.code).toBe(2);
      expect(none.stdout).toBe("");
      expect(none.stderr).toContain(
        "--stack dev-*: matches no stack of customers, platform (their stacks: acme-prod, acme-staging, globex-prod, prod, staging)",
      );
    },
    limitFor(2),
  );
});
