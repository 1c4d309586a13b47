import { listBridges } from "../../lookups/bridges";
import { dataSource } from "../data-source";

export type { BridgeSummary } from "../../lookups/bridges";

const bridges = dataSource("getBridges", listBridges);

/** Lists the organization's bridges. */
export const getBridges = bridges.get;
/** {@link getBridges} as an Output. */
export const getBridgesOutput = bridges.getOutput;
