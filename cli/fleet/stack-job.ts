// What the fleet asks of one stack, and what a worker answers: the messages between the fleet and the
// worker process that runs the stack.
import type { ImpactOptionsInput } from "../../provider/impact";
import type { StackResult } from "./fleet-report";
import type { Operation } from "./operations";
import type { SelectedStack } from "./selection";

/** One stack's operation, with every path absolute. */
export interface StackJob {
  operation: Operation;
  stack: SelectedStack;
  /** The stack's log: the engine's whole output. */
  logFile: string;
  /** Where the stack's processes count their requests to the platform. */
  requestLog: string;
  /** The log's path as the report names it (relative to the logs folder). */
  logName: string;
  policyPacks: string[];
  policyPackConfig: string | undefined;
  refresh: boolean;
  /** The engine attaches to the lane's provider plugin instead of starting one (`shared-plugin.ts`). */
  sharedPlugin: boolean;
  /** Read what the stack's plan does to live calls, with these options (preview only). */
  impact?: ImpactOptionsInput;
}

/** From the fleet to a worker. */
export type ToWorker = { type: "run"; job: StackJob } | { type: "cancel" };

/** From a worker to the fleet. */
export type FromWorker = { type: "progress"; completed: number } | { type: "result"; result: StackResult };
