import { listSipTrunks } from "../../lookups/sip-trunks";
import { dataSource } from "../data-source";

export type { SipTrunkSummary } from "../../lookups/sip-trunks";

const trunks = dataSource("getSipTrunks", listSipTrunks);

/** Lists the organization's SIP trunks (secrets masked). */
export const getSipTrunks = trunks.get;
/** {@link getSipTrunks} as an Output. */
export const getSipTrunksOutput = trunks.getOutput;
