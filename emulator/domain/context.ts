import type { TrafficPlan } from "./calls/traffic";
import type { FaultRegistry } from "./faults";
import type { Persistence } from "./persistence";
import type { ChatSessions } from "./playbook";
import type { RateLimiter } from "./rate-limit";
import type { RequestLog } from "./request-log";
import type { FleetSize } from "./seed/fleet";
import type { Store } from "./state";

/** Everything a running emulator holds; route and admin modules receive it. */
export interface EmulatorContext {
  store: Store;
  limiter: RateLimiter;
  faults: FaultRegistry;
  log: RequestLog;
  persistence: Persistence;
  /** Simulated call length of a new task, from creation to hang-up (docs/emulator.md). */
  callDurationMs: number;
  /** The chat API's endpoint key (never a platform token, decision Q2). */
  endpointKey: string;
  /** Chat threads kept per playbook and `user` (decision Q4). */
  sessions: ChatSessions;
  /** The token given at start; reset re-grants it the demo organizations. */
  token: string;
  /** The fleet of organizations the emulator started with; reset brings it back. */
  fleet: FleetSize | undefined;
  /** The calls the demo organization was given at start (`--traffic`); reset adds the same again. */
  traffic: TrafficPlan | undefined;
}
