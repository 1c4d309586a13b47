import { z } from "zod";
import { adoptMode } from "../runtime/adopt";
import { ipSet, label, port, secretString, sipUrl, transport } from "../runtime/fields";

/** A trunk's inputs after check; defaults are the platform's (`tcp`, `"5060"`, no IPs), so omitting one is never drift. */
export const SipTrunkInputs = z.object({
  name: label,
  sipUrl,
  transport: transport.default("tcp"),
  port: port.default("5060"),
  authUsername: label.optional(),
  authPassword: secretString.optional(),
  allowedIps: ipSet.default([]),
  adopt: adoptMode,
});
export type SipTrunkInputs = z.infer<typeof SipTrunkInputs>;

/** What state records for a trunk; `authPassword` comes from the inputs, since the platform only shows a mask. */
export const SipTrunkOutputs = z.object({
  name: z.string(),
  sipUrl: z.string(),
  transport: z.string(),
  port: z.string(),
  authUsername: z.string().nullable(),
  authPassword: z.string().optional(),
  allowedIps: z.array(z.string()),
  trunkId: z.int(),
  active: z.boolean(),
  orgHandle: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type SipTrunkOutputs = z.infer<typeof SipTrunkOutputs>;

/** How messages name a SIP trunk and what its resource id is. */
export const SipTrunkNaming = { noun: "SIP trunk", id: "the trunk id" } as const;
