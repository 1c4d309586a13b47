// What one stack's plan does to live calls (`fleet preview --impact`): the plan the engine's events gave,
// read with the stack's own settings (its config, secrets decrypted by the Automation API, then the
// environment), once for the stack's organization. The reads are counted in the stack's request log.
import type { Stack } from "@pulumi/pulumi/automation";
import { REQUEST_LOG_ENV } from "../../provider/connection/request-log";
import type { ImpactOptionsInput } from "../../provider/impact";
import type { EngineJson } from "../report/engine-json";
import { impactJson, readPlanImpact } from "../report/impact/read-impact";
import type { StackImpact } from "./fleet-report";

/** The stack's impact, or why it could not be read. */
export async function stackImpact(
  stack: Stack,
  plan: EngineJson,
  options: ImpactOptionsInput,
  requestLog: string,
): Promise<{ impact: StackImpact } | { impactError: string }> {
  const config = await stack.getAllConfig();
  // A worker runs one stack at a time, so the process's request log is this stack's while it reads.
  const before = process.env[REQUEST_LOG_ENV];
  process.env[REQUEST_LOG_ENV] = requestLog;
  try {
    const read = await readPlanImpact([plan], (key) => config[key]?.value, options);
    return { impact: impactJson(read) };
  } catch (e) {
    return { impactError: e instanceof Error ? e.message : String(e) };
  } finally {
    if (before === undefined) delete process.env[REQUEST_LOG_ENV];
    else process.env[REQUEST_LOG_ENV] = before;
  }
}
