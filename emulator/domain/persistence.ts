import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type EmulatorState, type Store, stateSchema } from "./state";
import { settled } from "./table-removals";

/** Read a state file; `null` when it does not exist. A corrupt file is an error, never ignored. */
export function loadState(file: string): EmulatorState | null {
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`State file ${file} is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = stateSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(
      `State file ${file} is not an emulator state (${first?.path.join(".")}: ${first?.message})`,
    );
  }
  return parsed.data;
}

/** Write a state file atomically: a temp file beside it, then a rename over it. */
function saveState(file: string, state: EmulatorState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temp, file);
}

/** Saves the store to a file whenever it changed since the last save. */
export class Persistence {
  #saved = -1;

  constructor(
    readonly file: string | undefined,
    readonly store: Store,
  ) {}

  /** Save if the store changed; a no-op without a state file. */
  flush(): void {
    if (this.file === undefined || this.store.changes === this.#saved) return;
    saveState(this.file, settled(this.store.state));
    this.#saved = this.store.changes;
  }
}
