// The seeded published playbook of the inference host (docs/emulator.md, decision Q3): a small
// deterministic state machine that collects a caller's name, then a callback time. Its thread
// state (checkpoint and slots) is what the chat API's `user` session keeps across requests.

/** Model id of the seeded playbook, as passed in `model`. */
export const PLAYBOOK_MODEL = "public:callback-assistant";

/** Where a conversation is in the playbook. */
export type Checkpoint = "ask_name" | "ask_callback_time" | "confirmed";

/** A conversation thread: the checkpoint reached and the slots filled. */
export interface Thread {
  checkpoint: Checkpoint;
  slots: { name?: string; callback_time?: string };
  /** User turns applied so far. */
  turns: number;
}

/** A thread at the playbook's start. */
export function newThread(): Thread {
  return { checkpoint: "ask_name", slots: {}, turns: 0 };
}

const NAME_LEAD =
  /^(?:hi|hello|hey)?[,!.\s]*(?:my name is|my name's|i am|i'm|this is|it's|it is|call me)\s+/i;
const TIME_LEAD = /^(?:please\s+)?(?:call me(?: back)?|ring me|you can call(?: me)?)\s+/i;

function clean(text: string, lead: RegExp): string {
  return text
    .trim()
    .replace(lead, "")
    .replace(/[.!?]+$/, "")
    .trim();
}

/** The thread after one user message (a new object; `thread` is not changed). */
export function step(thread: Thread, message: string): Thread {
  const next: Thread = { checkpoint: thread.checkpoint, slots: { ...thread.slots }, turns: thread.turns + 1 };
  if (thread.checkpoint === "ask_name") {
    const name = clean(message, NAME_LEAD);
    if (name !== "") {
      next.slots.name = name;
      next.checkpoint = "ask_callback_time";
    }
  } else if (thread.checkpoint === "ask_callback_time") {
    const time = clean(message, TIME_LEAD);
    if (time !== "") {
      next.slots.callback_time = time;
      next.checkpoint = "confirmed";
    }
  }
  return next;
}

/** What the agent says at a thread's checkpoint. */
export function reply(thread: Thread): string {
  switch (thread.checkpoint) {
    case "ask_name":
      return "Hello! I can arrange a callback for you. What is your name?";
    case "ask_callback_time":
      return `Thanks, ${thread.slots.name}. When should we call you back?`;
    case "confirmed":
      return `All set, ${thread.slots.name}: we will call you back ${thread.slots.callback_time}. Anything else?`;
  }
}

/** Chat sessions keyed by playbook and `user`: the state rule 2 of the chat API keeps. */
export class ChatSessions {
  readonly #threads = new Map<string, { model: string; user: string; thread: Thread }>();

  /** The thread of (`model`, `user`), if it has one. */
  get(model: string, user: string): Thread | undefined {
    return this.#threads.get(JSON.stringify([model, user]))?.thread;
  }

  /** Store the thread of (`model`, `user`). */
  set(model: string, user: string, thread: Thread): void {
    this.#threads.set(JSON.stringify([model, user]), { model, user, thread });
  }

  /** Every session, for the admin surface. */
  list(): { model: string; user: string; checkpoint: Checkpoint; slots: Thread["slots"]; turns: number }[] {
    return [...this.#threads.values()].map(({ model, user, thread }) => ({ model, user, ...thread }));
  }

  /** Forget every session (admin reset). */
  clear(): void {
    this.#threads.clear();
  }
}
