/** A number's calls in the window, from the organization's call records. */
export interface NumberCalls {
  total: number;
  inbound: number;
  outbound: number;
  completed: number;
  /** Calls that failed or never connected. */
  failed: number;
  /** Calls within the recent span (`recentHours`). */
  recent: number;
  /** ISO 8601; null without a call in the window. */
  lastCallAt: string | null;
}

/** Scheduled follow-ups that will call from the number. */
export interface FollowUps {
  count: number;
  /** The earliest, ISO 8601; null when none. */
  next: string | null;
}

/** How risky a change is for a number's calls. */
export type Level = "none" | "low" | "high";

/** What a planned change does to one number's calls. JSON as it stands: no secret ever enters it. */
export interface NumberImpact {
  /** E.164. */
  number: string;
  change: "disconnect" | "move" | "bridge-delete" | "bridge-replace";
  /** The resource whose change this is, when the caller named it. */
  resource?: string;
  fromBridge?: string;
  toBridge?: string;
  calls: NumberCalls;
  /** Live channels now; null when the number is on no bridge the platform shows. */
  liveChannels: number | null;
  /** The agent the number routes to, as the overview names it. */
  agent: string | null;
  /** Null when they cannot be looked up (no agent, or its tasks unreadable); a note says why. */
  followUps: FollowUps | null;
  level: Level;
  /** The rule that set the level, in words, e.g. `2 live channels now`. */
  rule: string;
}
