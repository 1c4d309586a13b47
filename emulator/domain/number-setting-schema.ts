import { z } from "zod";

// What a number is doing on the platform, as opposed to how it is configured: its live call
// channels (the bridge detail's `channels_count`) and the agent it routes to (the overview's
// `agent_id`). The API cannot change either; the admin surface sets them, as calls and the
// dashboard would. A number never set has 0 channels and no agent.

/** The stored settings of one number (one record per number, made when first set). */
export const numberSettingSchema = z.object({
  number_id: z.number().int(),
  channels_count: z.number().int().min(0),
  agent_id: z.string().nullable(),
});

/** One number's live channels and agent. */
export type NumberSetting = z.infer<typeof numberSettingSchema>;

/** Body of `PUT /_emulator/orgs/{handle}/numbers/{number}/channels`. */
export const channelsInputSchema = z.object({
  channels: z
    .number({ error: "must be an integer >= 0" })
    .int({ error: "must be an integer >= 0" })
    .min(0, { error: "must be an integer >= 0" })
    .max(100_000, { error: "must be at most 100,000" }),
});

/** Body of `PUT /_emulator/orgs/{handle}/numbers/{number}/agent`. */
export const agentInputSchema = z.object({
  agentId: z
    .string({ error: "must be a string or null" })
    .min(1, { error: "must not be empty (null clears it)" })
    .max(255, { error: "must be at most 255 characters" })
    .nullable(),
});
