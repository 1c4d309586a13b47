import { z } from "zod";

// Stored records of the call side of the platform: tasks, the runs that group them, and SIP
// call detail records. A task stores only what it was created with and when; its status and
// output are computed from the clock when read (emulator/domain/calls/lifecycle.ts), so no timer ever runs.

const contact = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const task = z.object({
  organization: z.string(),
  space_token: z.string(),
  assignee: z.string(),
  run_id: z.string(),
  task_id: z.string(),
  _id: z.string(),
  /** Which of the spec's two task shapes this record is served in. */
  shape: z.enum(["legacy", "current"]),
  contact,
  context: z.string(),
  run_mode: z.string(),
  created: z.string(),
  /** Simulated call length from creation to hang-up. */
  duration_ms: z.number().int().min(0),
  /** How the call ends. */
  outcome: z.enum(["completed", "failed"]),
  /** Set when the admin surface ended the call early: the end time. */
  ended_at: z.string().nullable(),
  /** Set when the admin surface answered the call early: the answer time. */
  answered_at: z.string().nullable().default(null),
  /** The number the call is placed from; absent: the emulator's agent number. */
  assistant_number: z.string().optional(),
  /** A scheduled follow-up: when its call is placed (absent for a call placed at creation). */
  scheduled_at: z.string().optional(),
});

const run = z.object({
  organization: z.string(),
  space_token: z.string(),
  assignee: z.string(),
  run_id: z.string(),
  collection_ref: z.string(),
  run_mode: z.string(),
  created: z.string(),
});

const cdr = z.object({
  id: z.number().int(),
  organization: z.string(),
  source_number: z.string(),
  destination_number: z.string(),
  call_type: z.enum(["inbound", "outbound"]),
  call_status: z.enum(["completed", "notConnected", "failed"]),
  /** The bridge as it was when the call happened (a later rename or delete does not rewrite history). */
  bridge: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  creation_time: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  call_duration: z.number(),
  end_reason: z.string(),
  failure_source: z.string().nullable(),
  sip_cause: z.string().nullable(),
});

/** The state-schema entries of the call tables; empty by default so older state files load. */
export const callStateShape = {
  tasks: z.array(task).default([]),
  runs: z.array(run).default([]),
  cdrs: z.array(cdr).default([]),
};

export type TaskRecord = z.infer<typeof task>;
export type Run = z.infer<typeof run>;
export type CallDetailRecord = z.infer<typeof cdr>;
/** A stored contact object of a task (the create body's `documents[]` entry). */
export type Contact = z.infer<typeof contact>;

/** Body of the admin's add-CDR (`POST /_emulator/orgs/{handle}/cdrs`): a record without id. */
export const cdrInputSchema = cdr.omit({ id: true, organization: true }).extend({
  bridge: cdr.shape.bridge.default(null),
  failure_source: z.string().nullable().default(null),
  sip_cause: z.string().nullable().default(null),
});
