/**
 * The engine runs a plugin process serves. Started by the engine, a plugin serves one run (and one
 * provider) and ends with it. Attached to (PULUMI_DEBUG_PROVIDERS: the fleet's lanes keep one plugin
 * each, for stack after stack), it serves run after run, so each engine that attaches with a new
 * address begins a new run: the connections of the runs before it are forgotten with their contexts
 * (their platform data), each connection of the new run keeps its own (`connection-scope.ts`), and
 * diagnostics go to the new engine.
 */
import { startEngineRun } from "../connection/connection-scope";
import type { AttachableEngineLog } from "./engine-log";
import type { ImpactReview } from "./impact-review";

/** What hears of an attaching engine: the Attach handler of `gaps.ts`. */
export function engineRuns(parts: {
  log: Pick<AttachableEngineLog, "attach">;
  impact: Pick<ImpactReview, "newRun">;
}): (address: string) => void {
  let engine: string | undefined;
  return (address) => {
    // Each provider of a run (the default one, explicit ones, the schema's loader) attaches alike.
    if (address === engine) return;
    engine = address;
    startEngineRun();
    parts.log.attach(address);
    parts.impact.newRun();
  };
}
