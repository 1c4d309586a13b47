import { documentId } from "../calls/lifecycle";
import type { CallDetailRecord, TaskRecord } from "../calls/records";
import type { EmulatorState } from "../state";

// Seeded call history (docs/emulator.md): legacy-shape tasks from before the current task shape,
// and SIP call detail records of every type and status, with and without a bridge. Fixed times
// keep the seed byte-identical across resets.

const RUN_AT = "2024-01-02T09:00:00.000Z";

const LEGACY_CONTACTS = [
  { name: "Ada Lovelace", email: "ada@example.com", contact_number: "+14155550111", outcome: "completed" },
  { name: "Alan Turing", email: "alan@example.com", contact_number: "+14155550112", outcome: "completed" },
  { name: "Grace Hopper", email: "grace@example.com", contact_number: "+14155550113", outcome: "failed" },
] as const;

/** Add the seeded runs, legacy tasks and CDRs to a demo state. */
export function seedCalls(state: EmulatorState): void {
  const run_id = "Rseed0001";
  state.runs.push({
    organization: "acme",
    space_token: "sp-acme-support",
    assignee: "support-agent",
    run_id,
    collection_ref: "col_Rseed0001",
    run_mode: "dev",
    created: RUN_AT,
  });
  LEGACY_CONTACTS.forEach(({ outcome, ...contact }, i) => {
    const task_id = `Tseed000${i + 1}`;
    const task: TaskRecord = {
      organization: "acme",
      space_token: "sp-acme-support",
      assignee: "support-agent",
      run_id,
      task_id,
      _id: documentId(task_id),
      shape: "legacy",
      contact,
      context: "Follow up on the January support ticket",
      run_mode: "dev",
      created: RUN_AT,
      duration_ms: 90_000 + i * 15_000,
      outcome,
      ended_at: null,
      answered_at: null,
    };
    state.tasks.push(task);
  });
  const cdr = (
    id: number,
    c: Omit<CallDetailRecord, "id" | "organization" | "end_time" | "creation_time">,
  ) => {
    const end = new Date(Date.parse(c.start_time) + c.call_duration * 1000).toISOString();
    const creation = new Date(Date.parse(c.start_time) - 4_000).toISOString();
    state.cdrs.push({ id, organization: "acme", creation_time: creation, end_time: end, ...c });
  };
  const bridge = { id: 1, name: "Main line" };
  cdr(1, {
    source_number: "+14155550123",
    destination_number: "+14155550100",
    call_type: "inbound",
    call_status: "completed",
    bridge,
    start_time: "2024-01-03T10:00:00.000Z",
    call_duration: 63.4,
    end_reason: "call.completed.caller_hangup",
    failure_source: null,
    sip_cause: null,
  });
  cdr(2, {
    source_number: "+14155550100",
    destination_number: "+14155550124",
    call_type: "outbound",
    call_status: "completed",
    bridge,
    start_time: "2024-01-03T11:00:00.000Z",
    call_duration: 120,
    end_reason: "call.completed.callee_hangup",
    failure_source: null,
    sip_cause: null,
  });
  cdr(3, {
    source_number: "+14155550101",
    destination_number: "+14155550125",
    call_type: "outbound",
    call_status: "notConnected",
    bridge: null,
    start_time: "2024-01-03T12:00:00.000Z",
    call_duration: 0,
    end_reason: "call.not_connected.no_answer",
    failure_source: "callee",
    sip_cause: "Request Timeout",
  });
  cdr(4, {
    source_number: "+14155550126",
    destination_number: "+14155550101",
    call_type: "inbound",
    call_status: "failed",
    bridge: null,
    start_time: "2024-01-03T13:00:00.000Z",
    call_duration: 0,
    end_reason: "call.failed.trunk_unreachable",
    failure_source: "network",
    sip_cause: "Service Unavailable",
  });
  cdr(5, {
    source_number: "+14155550127",
    destination_number: "+14155550100",
    call_type: "inbound",
    call_status: "notConnected",
    bridge,
    start_time: "2024-01-03T14:00:00.000Z",
    call_duration: 0,
    end_reason: "call.not_connected.busy",
    failure_source: "callee",
    sip_cause: "Busy Here",
  });
  state.cdrs.push({
    id: 6,
    organization: "globex",
    source_number: "+12125550100",
    destination_number: "+12125550199",
    call_type: "outbound",
    call_status: "completed",
    bridge: null,
    creation_time: "2024-01-04T08:59:58.000Z",
    start_time: "2024-01-04T09:00:00.000Z",
    end_time: "2024-01-04T09:00:30.500Z",
    call_duration: 30.5,
    end_reason: "call.completed.caller_hangup",
    failure_source: null,
    sip_cause: null,
  });
}
