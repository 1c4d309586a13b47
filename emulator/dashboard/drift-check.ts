/**
 * The drift check the dashboard, the demo and the documentation name, as `pulumi` arguments: a
 * refresh compares the platform with the stack's recorded state only, so it fails (exit 7 with the
 * engine 3.259) when the platform changed, and not on code merged but not yet applied, which a
 * `pulumi preview --refresh` cannot tell from drift.
 */
export const DRIFT_CHECK_ARGS = ["refresh", "--preview-only", "--expect-no-changes"] as const;

/** The drift check as a user types it. */
export const DRIFT_CHECK_COMMAND = `pulumi ${DRIFT_CHECK_ARGS.join(" ")}`;
