// The five things a fleet run does to each stack, named as the engine's commands are.

/** A fleet operation: what runs in every selected stack. */
export type Operation = "preview" | "drift" | "up" | "refresh" | "destroy";

/** What an operation is, for the command line, the report and the exit code. */
export interface OperationInfo {
  /** The engine command each stack runs, as a person would type it. */
  engine: string;
  /** A check: anything found (drift, a change to come) makes the run's exit code the drift code. */
  check: boolean;
  /** Runs the program, so `--policy-pack` applies. */
  policy: boolean;
  /** Whether `--refresh` (refresh the state first) applies. */
  refresh: boolean;
  /** A stack's result in words: nothing found, something found. */
  words: { clean: string; changes: string };
  /** One line for the usage. */
  summary: string;
}

/** Every operation, in the order the usage lists them. */
export const OPERATIONS: Readonly<Record<Operation, OperationInfo>> = {
  preview: {
    engine: "pulumi preview",
    check: true,
    policy: true,
    refresh: true,
    words: { clean: "no changes", changes: "would change" },
    summary: "what `pulumi up` would change in each stack",
  },
  drift: {
    engine: "pulumi refresh --preview-only",
    check: true,
    policy: false,
    refresh: false,
    words: { clean: "no drift", changes: "drift" },
    summary: "what changed on the platform behind each stack's back (writes nothing)",
  },
  up: {
    engine: "pulumi up",
    check: false,
    policy: true,
    refresh: true,
    words: { clean: "no changes", changes: "changed" },
    summary: "make the platform what each stack's program declares",
  },
  refresh: {
    engine: "pulumi refresh",
    check: false,
    policy: false,
    refresh: false,
    words: { clean: "no changes", changes: "refreshed" },
    summary: "record in each stack's state what the platform holds now",
  },
  destroy: {
    engine: "pulumi destroy",
    check: false,
    policy: false,
    refresh: true,
    words: { clean: "nothing to destroy", changes: "destroyed" },
    summary: "delete what each stack manages",
  },
};

/** Whether `name` is an operation. */
export function isOperation(name: string): name is Operation {
  return Object.hasOwn(OPERATIONS, name);
}
