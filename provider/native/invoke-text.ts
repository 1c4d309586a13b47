/** What each invoke answers. */
export const INVOKE_TEXT: Readonly<Record<string, string>> = {
  getOrganizations: "Lists the organizations the configured token may use.",
  getSpaces: "Lists the organization's spaces.",
  getSpace: "Looks up one space.",
  getAgents: "Lists the organization's agents.",
  getAgent: "Looks up one agent.",
  getProviders: "Lists the telephony providers of the platform's catalogue.",
  getNumbers: "Lists the phone numbers of the organization's provider configurations.",
  getOverview: "Lists bridges with their numbers and agents, one row per link.",
  getBridges: "Lists the organization's bridges.",
  getProviderConfigurations:
    "Lists the organization's provider configurations (auth tokens are never listed).",
  getSipTrunks: "Lists the organization's SIP trunks (secrets masked).",
  getRuns: "Lists the runs of a space (the tasks one task creation made).",
  getTasks: "Lists the tasks of a run, each with its call's outcome.",
  getCallRecords: "Lists the organization's SIP call detail records, optionally filtered.",
  getAnalytics: "Answers the organization's (or one space's) task and call counts.",
};
