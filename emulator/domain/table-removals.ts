import type { EmulatorState } from "./state";

// Removing a record from a table by finding and splicing it costs the whole table: with a fleet of
// organizations, one organization's disconnect would pay for every other organization's links.
// So a removal is only noted, and the table is rebuilt without the noted records in one pass:
// once half of it is noted (so each removal costs O(1) on average), and before anything reads the
// table whole (the state file, `GET /_emulator/state`, a seed's copy, an index build). Requests
// never read a table whole; they go through the index, which forgets a record at once.

/** The tables records leave. */
export type RemovableTable = "bridges" | "links" | "configurations" | "trunks";

const noted = new WeakMap<EmulatorState, Map<RemovableTable, Set<unknown>>>();

/** Note that `record` has left `table` (call it after the index forgot the record). */
export function noteRemoval(state: EmulatorState, table: RemovableTable, record: unknown): void {
  let tables = noted.get(state);
  if (tables === undefined) {
    tables = new Map();
    noted.set(state, tables);
  }
  let removed = tables.get(table);
  if (removed === undefined) {
    removed = new Set();
    tables.set(table, removed);
  }
  removed.add(record);
  if (removed.size * 2 >= state[table].length) rebuild(state, table, removed, tables);
}

/** The state with every noted removal applied: call before reading a table whole. */
export function settled(state: EmulatorState): EmulatorState {
  const tables = noted.get(state);
  if (tables !== undefined) for (const [table, removed] of tables) rebuild(state, table, removed, tables);
  return state;
}

function rebuild(
  state: EmulatorState,
  table: RemovableTable,
  removed: Set<unknown>,
  tables: Map<RemovableTable, Set<unknown>>,
): void {
  // In place and in order: whoever holds the array sees the same one.
  const records = state[table] as unknown[];
  let kept = 0;
  for (const record of records) if (!removed.has(record)) records[kept++] = record;
  records.length = kept;
  tables.delete(table);
}
