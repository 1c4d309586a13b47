import type { CallDetailRecord, CdrListParams } from "../../../sdk";
import { dataSource } from "../data-source";

/** A SIP call detail record (calls made by voice agents are tasks, see `getTasks`). */
export interface CallRecord {
  id: number;
  sourceNumber: string;
  destinationNumber: string;
  /** `inbound` or `outbound`. */
  callType: string;
  /** `completed`, `notConnected` or `failed`. */
  callStatus: string;
  /** The bridge the call went through, as it was at call time. */
  bridge: { id: number; name: string } | null;
  creationTime: string | null;
  startTime: string | null;
  endTime: string | null;
  callDuration: number | null;
  endReason: string | null;
  failureSource: string | null;
  sipCause: string | null;
}

/** Arguments of {@link getCallRecords}. */
export interface GetCallRecordsArgs {
  /** Only `inbound` or only `outbound` calls. */
  callType?: "inbound" | "outbound";
  /** Only calls that ended `completed`, `notConnected` or `failed`. */
  callStatus?: "completed" | "notConnected" | "failed";
}

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

const callRecords = dataSource<GetCallRecordsArgs, CallRecord[]>("getCallRecords", async (client, args) => {
  const params: CdrListParams = { page_size: 100 };
  if (args.callType !== undefined) params.call_type = args.callType;
  if (args.callStatus !== undefined) params.call_status = args.callStatus;
  const all: CallRecord[] = [];
  for await (const record of client.cdr.list(params)) all.push(toCallRecord(record));
  return all;
});

/** The organization's SIP call detail records (every page), oldest first, optionally filtered. */
export const getCallRecords = callRecords.get;
/** {@link getCallRecords} as an Output. */
export const getCallRecordsOutput = callRecords.getOutput;
