// The per-link estate and the same numbers as sets, created with checkpoints on against the file
// backend and against a PostgreSQL backend (a throwaway server on this machine, PostgreSQL's default
// durability), beside the engine's CPU what the server spent and what each side wrote to storage.
// The server is not the engine's child, so its CPU and I/O are read from its processes before and
// after each create; its WAL and its count of row writes from PostgreSQL itself.
import type { PostgresServer } from "../../scripts/tools/postgres-server";
import { type ProcessUsage, selfUsage, treeUsage, usageBetween } from "../harness/process-usage";
import type { OpMeasure, Target } from "../harness/stack";
import { type CreateRun, createRun, type Variant } from "./checkpoints";

export type Backend = "file" | "postgres" | "postgres-async";

/** One create of the comparison: which backend, which form of the estate. */
export interface BackendSide {
  key: string;
  label: string;
  backend: Backend;
  sets: boolean;
}

export const BACKEND_SIDES: readonly BackendSide[] = [
  { key: "file-links", label: "links, file backend", backend: "file", sets: false },
  { key: "postgres-links", label: "links, PostgreSQL", backend: "postgres", sets: false },
  {
    key: "postgres-async-links",
    label: "links, PostgreSQL, `synchronous_commit=off`",
    backend: "postgres-async",
    sets: false,
  },
  { key: "file-sets", label: "sets, file backend", backend: "file", sets: true },
  { key: "postgres-sets", label: "sets, PostgreSQL", backend: "postgres", sets: true },
];

/** The role whose sessions commit without waiting for the WAL to reach the disk (set per role, as a user can). */
const ASYNC_ROLE = "pulumi_async";
/** The table the engine creates (its default, `pulumi_state`). */
const STATE_TABLE = "pulumi_state";

/** A create on one backend, with the server's share. */
export interface BackendRun extends CreateRun {
  /** The PostgreSQL server's processes over the create (on the file backend, what it did meanwhile unasked). */
  server: ProcessUsage;
  /** This process's reaped children over the create: the engine, its plugin and its program. */
  engineTree: Pick<ProcessUsage, "writeBytes" | "cancelledWriteBytes">;
  /** WAL the server wrote over the create, bytes. */
  walBytes: number;
  /** Rows the engine inserted or updated in the state table (two per checkpoint: the backup copy, then the state). */
  rowWrites: number;
}

/** Prepares `server` for the sides: a role like the superuser whose commits do not wait for the disk. */
export async function prepareServer(server: PostgresServer): Promise<void> {
  await server.query(
    `CREATE ROLE ${ASYNC_ROLE} LOGIN SUPERUSER; ALTER ROLE ${ASYNC_ROLE} SET synchronous_commit = off`,
  );
}

/** The backend URL a side's engine logs in to. */
function backendEnv(side: BackendSide, server: PostgresServer): Record<string, string> {
  if (side.backend === "file") return {};
  const url =
    side.backend === "postgres" ? server.url : server.url.replace("//postgres@", `//${ASYNC_ROLE}@`);
  return { PULUMI_BACKEND_URL: url };
}

/** The server's WAL position and its count of row writes to the state table, as PostgreSQL reports them. */
async function serverCounters(server: PostgresServer): Promise<{ wal: string; rows: number }> {
  const out = await server.query(
    `SELECT pg_current_wal_lsn(), coalesce((SELECT n_tup_ins + n_tup_upd FROM pg_stat_user_tables WHERE relname = '${STATE_TABLE}'), 0)`,
  );
  const [wal = "0/0", rows = "0"] = out.trim().split("|");
  return { wal, rows: Number(rows) };
}

/**
 * Waits (up to 10 s) until the engine's sessions have ended: a session's row counts reach the statistics,
 * and its process's CPU its parent's, when it exits.
 */
async function sessionsEnded(server: PostgresServer): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const others = await server.query(
      "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    if (Number(others.trim()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Creates `side`'s estate of `numbers` numbers on `target`, reading the server and this process around the `up`. */
export async function backendRun(
  side: BackendSide,
  server: PostgresServer,
  target: Target,
  numbers: number,
  parallel: number,
  stateBytes: (exported: string) => number,
): Promise<BackendRun> {
  const variant: Variant = {
    key: side.key,
    label: side.label,
    provider: "native",
    env: backendEnv(side, server),
    globalFlags: [],
  };
  const pid = await server.pid();
  let measured: Omit<BackendRun, keyof CreateRun> | undefined;
  const around = async (up: () => Promise<OpMeasure>) => {
    const counters = await serverCounters(server);
    const [serverBefore, selfBefore] = [treeUsage(pid), selfUsage()];
    const m = await up();
    if (side.backend !== "file") await sessionsEnded(server);
    const [serverAfter, selfAfter] = [treeUsage(pid), selfUsage()];
    const after = await serverCounters(server);
    const wal = await server.query(`SELECT pg_wal_lsn_diff('${after.wal}', '${counters.wal}')::bigint`);
    const engineTree = usageBetween(selfBefore, selfAfter);
    measured = {
      server: usageBetween(serverBefore, serverAfter),
      engineTree: { writeBytes: engineTree.writeBytes, cancelledWriteBytes: engineTree.cancelledWriteBytes },
      walBytes: Number(wal.trim()),
      rowWrites: after.rows - counters.rows,
    };
    return m;
  };
  const run = await createRun(variant, target, numbers, parallel, stateBytes, { sets: side.sets, around });
  if (!measured) throw new Error(`${side.label}: the create was not measured`);
  return { ...run, ...measured };
}
