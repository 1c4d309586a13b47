// A stack locked by another run. The Automation API has no way to list a stack's locks, so their holders
// and ages are read from the engine's refusal (`the stack is currently locked by N lock(s) … created by
// user@host (pid N) at <time>`): only to name the holder in the report, and to decide, when the user said
// how old a lock must be to belong to a run that is over, whether removing it (`pulumi cancel`) is sound.

/** One lock the engine named when it refused to run. */
export interface LockHolder {
  holder: string;
  since: Date | undefined;
}

const LOCKED = /the stack is currently locked by \d+ lock\(s\)/;
const HOLDER = /created by (\S+) \(pid (\d+)\) at (\S+)/g;

/** The locks an engine error names, or undefined when the error is not a locked stack. */
export function lockHolders(errorText: string): LockHolder[] | undefined {
  if (!LOCKED.test(errorText)) return undefined;
  return [...errorText.matchAll(HOLDER)].map((m) => {
    const since = new Date(m[3] ?? "");
    return { holder: `${m[1]}, pid ${m[2]}`, since: Number.isNaN(since.getTime()) ? undefined : since };
  });
}

/** Whether every lock is older than `maxAgeMs` (a lock of unknown age never is). */
export function allStale(locks: readonly LockHolder[], maxAgeMs: number, now = Date.now()): boolean {
  return locks.length > 0 && locks.every((l) => l.since !== undefined && now - l.since.getTime() >= maxAgeMs);
}

/** The report's cause for a locked stack. */
export function lockedCause(locks: readonly LockHolder[]): string {
  const who = locks
    .map((l) => `${l.holder}${l.since ? ` since ${l.since.toISOString().replace(/\.\d+Z$/, "Z")}` : ""}`)
    .join("; ");
  return `locked by another run (${who || "holder not named"}): wait for it to end; if it is over (a killed job), run preview or drift again with --cancel-locks-older-than, or \`pulumi cancel\` in the stack`;
}
