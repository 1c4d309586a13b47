// Whether the file backend writes a checkpoint after every step: the two ways the scale suites run the engine.

/** What the engine does differently for a run. */
export type Mode = "checkpoints" | "skipCheckpoints";

/** The engine environment of each mode: the file backend writes the checkpoint after every step unless told not to. */
export const MODE_ENV: Record<Mode, Record<string, string>> = {
  checkpoints: {},
  skipCheckpoints: { PULUMI_SKIP_CHECKPOINTS: "true" },
};
