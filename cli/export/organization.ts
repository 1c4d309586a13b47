import type { ReadRecords } from "./kinds";

/** Everything of one organization's telephony a program declares, as read: the records of every kind read, under its plural. */
export type Organization = { orgHandle: string } & ReadRecords;
