// A mix as the benchmark tables print it.
import type { Mix } from "../../estate/estate";
import { int } from "./stats";

/** `a + b + c + d` of a mix, for the table. */
export const describeMix = (m: Mix): string =>
  `${int(m.configurations)} configurations + ${int(m.bridges)} bridges + ${int(m.numbers)} numbers + ${int(m.trunks)} trunks`;
