import { fetchSpace, type GetSpaceArgs, listSpaces } from "../../lookups/spaces";
import { dataSource } from "../data-source";

export type { GetSpaceArgs, Space } from "../../lookups/spaces";

const spaces = dataSource("getSpaces", listSpaces);
const space = dataSource("getSpace", fetchSpace);

/** Lists the organization's spaces. */
export const getSpaces = spaces.get;
/** {@link getSpaces} as an Output. */
export const getSpacesOutput = spaces.getOutput;
/** One space by token; an unknown token fails with the platform's 404. */
export const getSpace = space.get as (args: GetSpaceArgs) => ReturnType<typeof space.get>;
/** {@link getSpace} as an Output. */
export const getSpaceOutput = space.getOutput;
