// scripts/tools/postgres: what it prints is a folder holding every binary scripts/tools/postgres-server.ts runs, and the
// step it takes on a machine without PostgreSQL exists here: apt knows a `postgresql` package to install.
import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { POSTGRES_INSTALL_TIMEOUT_MS } from "../../../scripts/tools/postgres-server";
import { repoRoot } from "../../fixtures/engine";

const run = promisify(execFile);

describe("scripts/tools/postgres", () => {
  it("prints a folder with initdb, pg_ctl, postgres and psql", {
    timeout: POSTGRES_INSTALL_TIMEOUT_MS,
  }, async () => {
    const { stdout } = await run(path.join(repoRoot, "scripts", "tools", "postgres"), {
      timeout: POSTGRES_INSTALL_TIMEOUT_MS,
    });
    const dir = stdout.trim().split("\n").at(-1) ?? "";
    expect(dir).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/);
    for (const tool of ["initdb", "pg_ctl", "postgres", "psql"])
      await access(path.join(dir, tool), constants.X_OK);
  });

  it("installs from a package apt can find, with the tools the server's starter runs as root", async () => {
    const { stdout } = await run("apt-cache", ["policy", "postgresql"]);
    expect(stdout).toMatch(/Candidate: (?!\(none\))\S+/);
    for (const tool of ["apt-get", "runuser", "id"]) await run("sh", ["-c", `command -v ${tool}`]);
  });
});
