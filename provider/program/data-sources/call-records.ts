import { listCallRecords } from "../../lookups/call-records";
import { dataSource } from "../data-source";

export type { CallRecord, GetCallRecordsArgs } from "../../lookups/call-records";

const callRecords = dataSource("getCallRecords", listCallRecords);

/** The organization's SIP call detail records (every page), oldest first, optionally filtered. */
export const getCallRecords = callRecords.get;
/** {@link getCallRecords} as an Output. */
export const getCallRecordsOutput = callRecords.getOutput;
