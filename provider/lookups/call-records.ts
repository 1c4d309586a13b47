import { z } from "zod";
import { CallDetailRecord, type CdrListParams, type VoiceClient } from "../../sdk";
import { lookup } from "./lookup";
import { seen, view } from "./view";

/** The bridge a call went through, as it was at call time. */
const CallRecordBridge = view(
  CallDetailRecord.shape.bridge.unwrap().unwrap(),
  { id: "CallRecordBridge", description: "The bridge a call went through, as it was at call time." },
  { id: "The bridge's id.", name: "The bridge's name at call time." },
);

/** A SIP call detail record (calls made by voice agents are tasks, see `getTasks`). */
export const CallRecord = view(
  CallDetailRecord,
  { id: "CallRecord", description: "A SIP call detail record (voice-agent calls are tasks)." },
  {
    id: "The record's id.",
    source_number: "The number that called.",
    destination_number: "The number called.",
    call_type: "`inbound` or `outbound`.",
    call_status: "`completed`, `notConnected` or `failed`.",
    bridge: CallRecordBridge.nullable().describe("The bridge the call went through, as it was at call time."),
    creation_time: "When the record was made (ISO 8601).",
    start_time: "When the call started (ISO 8601).",
    end_time: "When the call ended (ISO 8601).",
    call_duration: "The call's duration in seconds.",
    end_reason: "Why the call ended.",
    failure_source: "Which side failed the call.",
    sip_cause: "The SIP cause of the call's end.",
  },
);
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

const toCallRecord = (c: CallDetailRecord): CallRecord => seen(CallRecord, c);

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
