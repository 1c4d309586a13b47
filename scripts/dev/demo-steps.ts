// What `npm run demo` does, apart from doing it: the steps it announces, and the drift check its
// step 3 runs (kept here so that they can be checked against the documentation without running it).
import { DRIFT_CHECK_ARGS, DRIFT_CHECK_COMMAND } from "../../emulator/dashboard/drift-check";

/** What the demo does, announced at the start and again as each step begins. */
export const DEMO_STEPS = [
  "pulumi up: create the provider configuration, the bridge, its two numbers and the SIP trunk",
  "a code edit (rename the bridge, add a third number), reviewed with pulumi preview --diff, then put back",
  `the bridge renamed in the dashboard: the drift check, ${DRIFT_CHECK_COMMAND}, fails and names it`,
  "pulumi up --refresh: the declared name put back",
  "pulumi destroy: numbers disconnected (they stay with the organization), the rest deleted",
] as const;

/** The `pulumi` arguments of step 3's drift check on `stack`. */
export function driftStepArgs(stack: string): string[] {
  return [...DRIFT_CHECK_ARGS, "--diff", "--stack", stack];
}
