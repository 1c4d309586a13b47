import { z } from "zod";
import { adoptMode } from "../../runtime/adopt";
import { ipSet, label, port, secretString, sipUrl, transport } from "../../runtime/fields";
import { secret } from "../../runtime/secrets";

/** A trunk's inputs after check; defaults are the platform's (`tcp`, `"5060"`, no IPs), so omitting one is never drift. */
export const SipTrunkInputs = z.object({
  name: label.describe("The trunk's name."),
  sipUrl: sipUrl.describe("The SIP URI of the trunk, e.g. `sip:pbx.example.com`."),
  transport: transport.default("tcp").describe("The SIP transport: `tcp` (the default), `udp` or `tls`."),
  port: port.default("5060").describe('The SIP port as a string; `"5060"` by default.'),
  authUsername: label.optional().describe("The SIP digest username, if the trunk authenticates."),
  authPassword: secret(
    secretString
      .optional()
      .describe("The SIP digest password; the platform only shows a mask, kept as a secret in state."),
  ),
  allowedIps: ipSet
    .default([])
    .describe("The IP addresses allowed to send calls, as a set (order and duplicates do not matter)."),
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
  trunkId: z.int().describe("The platform's id of the trunk."),
  active: z.boolean().describe("Whether the trunk is active."),
  orgHandle: z
    .string()
    .nullable()
    .describe("The handle of the organization owning the trunk, if the platform says."),
  createdAt: z.string().nullable().describe("When the platform created the trunk (ISO 8601), if it says."),
});
export type SipTrunkOutputs = z.infer<typeof SipTrunkOutputs>;
