// A stack locked by another run (an `up`, `refresh` or `destroy` going on, or one killed before it could
// release its lock: previews and drift checks take no lock). The Automation API has no way to list a
// stack's locks, so the holders are read from the engine's refusal (`the stack is currently locked by N
// lock(s) … created by user@host (pid N) at <time>`), only to name them in the report.

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
  // The Automation API's error message holds both of the engine's output streams, and both can name
  // the same lock: each lock once.
  const named = new Map([...errorText.matchAll(HOLDER)].map((m) => [m[0], m]));
  return [...named.values()].map((m) => {
    const since = new Date(m[3] ?? "");
    return { holder: `${m[1]}, pid ${m[2]}`, since: Number.isNaN(since.getTime()) ? undefined : since };
  });
}

/** The report's cause for a locked stack. */
export function lockedCause(locks: readonly LockHolder[]): string {
  const who = locks
    .map((l) => `${l.holder}${l.since ? ` since ${l.since.toISOString().replace(/\.\d+Z$/, "Z")}` : ""}`)
    .join("; ");
  return `locked by another run (${who || "holder not named"}): wait for it to end; if it was killed, run \`pulumi-voice-platform recover --cancel\` in the stack`;
}
