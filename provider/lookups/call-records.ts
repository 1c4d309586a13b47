import { z } from "zod";
import type { CallDetailRecord, CdrListParams, VoiceClient } from "../../sdk";
import { lookup } from "./lookup";

/** The bridge a call went through, as it was at call time. */
export const CallRecordBridge = z
  .object({
    id: z.int().describe("The bridge's id."),
    name: z.string().describe("The bridge's name at call time."),
  })
  .meta({ id: "CallRecordBridge", description: "The bridge a call went through, as it was at call time." });

/** A SIP call detail record (calls made by voice agents are tasks, see `getTasks`). */
export const CallRecord = z
  .object({
    id: z.int().describe("The record's id."),
    sourceNumber: z.string().describe("The number that called."),
    destinationNumber: z.string().describe("The number called."),
    callType: z.string().describe("`inbound` or `outbound`."),
    callStatus: z.string().describe("`completed`, `notConnected` or `failed`."),
    bridge: CallRecordBridge.nullable().describe("The bridge the call went through, as it was at call time."),
    creationTime: z.string().nullable().describe("When the record was made (ISO 8601)."),
    startTime: z.string().nullable().describe("When the call started (ISO 8601)."),
    endTime: z.string().nullable().describe("When the call ended (ISO 8601)."),
    callDuration: z.number().nullable().describe("The call's duration in seconds."),
    endReason: z.string().nullable().describe("Why the call ended."),
    failureSource: z.string().nullable().describe("Which side failed the call."),
    sipCause: z.string().nullable().describe("The SIP cause of the call's end."),
  })
  .meta({ id: "CallRecord", description: "A SIP call detail record (voice-agent calls are tasks)." });
export type CallRecord = z.infer<typeof CallRecord>;

/** Arguments of {@link listCallRecords}. */
export const GetCallRecordsArgs = z.object({
  callType: z.enum(["inbound", "outbound"]).optional().describe("Only calls of this type, e.g. `inbound`."),
  callStatus: z
    .enum(["completed", "notConnected", "failed"])
    .optional()
    .describe("Only calls with this status, e.g. `completed`."),
});
export type GetCallRecordsArgs = z.infer<typeof GetCallRecordsArgs>;

const toCallRecord = (c: CallDetailRecord): CallRecord => ({
  id: c.id,
  sourceNumber: c.source_number,
  destinationNumber: c.destination_number,
  callType: c.call_type,
  callStatus: c.call_status,
  bridge: c.bridge ? { id: c.bridge.id, name: c.bridge.name } : null,
  creationTime: c.creation_time ?? null,
  startTime: c.start_time ?? null,
  endTime: c.end_time ?? null,
  callDuration: c.call_duration ?? null,
  endReason: c.end_reason ?? null,
  failureSource: c.failure_source ?? null,
  sipCause: c.sip_cause ?? null,
});

/** The organization's SIP call detail records (every page), oldest first, optionally filtered. */
export async function listCallRecords(
  client: VoiceClient,
  args: Partial<GetCallRecordsArgs>,
): Promise<CallRecord[]> {
  const params: CdrListParams = { page_size: 100 };
  if (args.callType !== undefined) params.call_type = args.callType;
  if (args.callStatus !== undefined) params.call_status = args.callStatus;
  const all: CallRecord[] = [];
  for await (const record of client.cdr.list(params)) all.push(toCallRecord(record));
  return all;
}

export const callRecordLookups = [
  lookup({
    name: "getCallRecords",
    description: "Lists the organization's SIP call detail records, optionally filtered.",
    args: GetCallRecordsArgs,
    output: CallRecord,
    many: true,
    run: listCallRecords,
  }),
];
