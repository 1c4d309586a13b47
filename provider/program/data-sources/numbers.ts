import { listNumbers } from "../../lookups/numbers";
import { dataSource } from "../data-source";

export type { GetNumbersArgs, TelephonyNumber } from "../../lookups/numbers";

const numbers = dataSource("getNumbers", listNumbers);

/** Lists the organization's numbers, optionally with the pool and filtered by state. */
export const getNumbers = numbers.get;
/** {@link getNumbers} as an Output. */
export const getNumbersOutput = numbers.getOutput;
