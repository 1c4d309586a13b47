// scripts/tools/postgres-server.ts: a test's server skips flushing to disk, a benchmark's keeps
// PostgreSQL's default durability, and the pid it answers is the running server's, parent of its other processes.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POSTGRES_INSTALL_TIMEOUT_MS, startPostgres } from "../../../scripts/tools/postgres-server";

describe("startPostgres", () => {
  it("runs with fsync off for a test, PostgreSQL's default durability when asked", {
    timeout: POSTGRES_INSTALL_TIMEOUT_MS,
  }, async () => {
    const [quick, durable] = await Promise.all([startPostgres(), startPostgres({ durable: true })]);
    try {
      const setting = "SELECT current_setting('fsync') || ' ' || current_setting('synchronous_commit')";
      expect([(await quick.query(setting)).trim(), (await durable.query(setting)).trim()]).toEqual([
        "off on",
        "on on",
      ]);
    } finally {
      await Promise.all([quick.stop(), durable.stop()]);
    }
  });

  it("answers the postmaster's pid, the parent of the server's processes", {
    timeout: POSTGRES_INSTALL_TIMEOUT_MS,
  }, async () => {
    const server = await startPostgres();
    try {
      const pid = await server.pid();
      expect(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]).toMatch(/\/postgres$/);
      // The server's other processes are its children (what a benchmark reads the server's CPU through).
      const checkpointer = Number(
        (await server.query("SELECT pid FROM pg_stat_activity WHERE backend_type = 'checkpointer'")).trim(),
      );
      const stat = readFileSync(`/proc/${checkpointer}/stat`, "utf8");
      expect(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])).toBe(pid);
    } finally {
      await server.stop();
    }
  });
});
