import type { Task } from "../../sdk";
import { stripPhoneSeparators } from "../../sdk";
import type { FollowUps } from "./number-impact";

/** Task statuses after which the task calls no more. */
const OVER = new Set(["completed", "failed"]);

/**
 * The follow-ups still to come in an agent's tasks, per number they will call from: a task not over
 * (neither completed nor failed) whose last attempt asks for a follow-up (`post_call_data.follow_up`
 * required, its `next_at` after now) will call again from the number it calls from
 * (`output.assistant_number`).
 * Adds those of `tasks` to `byNumber` (a page at a time: an agent's tasks are many, and heavy).
 */
export function addFollowUps(
  byNumber: Map<string, FollowUps>,
  tasks: Iterable<Task>,
  now: number,
): Map<string, FollowUps> {
  for (const task of tasks) {
    if (OVER.has(task.status)) continue;
    const data = task.output.post_call_data;
    const number = task.output.assistant_number;
    if (data?.schema_version !== 2 || typeof number !== "string") continue;
    const followUp = data.follow_up;
    if (followUp?.required !== true) continue;
    const at = Date.parse(followUp.next_at ?? "");
    if (Number.isNaN(at) || at <= now) continue;
    const key = stripPhoneSeparators(number);
    const known = byNumber.get(key) ?? { count: 0, next: null };
    const next = known.next === null || at < Date.parse(known.next) ? new Date(at).toISOString() : known.next;
    byNumber.set(key, { count: known.count + 1, next });
  }
  return byNumber;
}
