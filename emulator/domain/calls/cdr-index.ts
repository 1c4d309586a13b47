import type { EmulatorState } from "../state";
import type { CallDetailRecord } from "./records";

// `GET /cdr/` pages through an organization's records in id order, optionally narrowed by
// `call_type` and `call_status` (decision K6). With a few hundred thousand records, filtering and
// sorting the whole table per request costs more than the page is worth, so every record is kept
// in four ready lists (any/any, type/any, any/status, type/status) of its organization, each in id
// order: a page is then a slice. Records only ever arrive with an id above every other, so
// appending keeps the lists sorted.

/** A filter value, or `ANY` when the request does not filter on that field. */
const ANY = "";

const key = (organization: string, callType: string, callStatus: string) =>
  `${organization}\u0000${callType}\u0000${callStatus}`;

/** An organization's call detail records in id order, ready for each filter of `GET /cdr/`. */
export class CdrIndex {
  readonly #lists = new Map<string, CallDetailRecord[]>();
  #lastId = 0;

  /** The index of a state's CDRs as they are now (any order in the table). */
  static build(records: readonly CallDetailRecord[]): CdrIndex {
    const index = new CdrIndex();
    for (const record of [...records].sort((a, b) => a.id - b.id)) index.add(record);
    return index;
  }

  /** The highest id of any record (0 without records). */
  get lastId(): number {
    return this.#lastId;
  }

  /** File a record whose id is above every record already filed. */
  add(record: CallDetailRecord): void {
    const { organization: o, call_type: type, call_status: status } = record;
    for (const k of [key(o, ANY, ANY), key(o, type, ANY), key(o, ANY, status), key(o, type, status)]) {
      const list = this.#lists.get(k);
      if (list === undefined) this.#lists.set(k, [record]);
      else list.push(record);
    }
    this.#lastId = Math.max(this.#lastId, record.id);
  }

  /** An organization's records in id order, narrowed by the filters given; do not modify it. */
  list(organization: string, callType?: string, callStatus?: string): readonly CallDetailRecord[] {
    return this.#lists.get(key(organization, callType ?? ANY, callStatus ?? ANY)) ?? [];
  }
}

const indexes = new WeakMap<EmulatorState, CdrIndex>();

/** The CDR index of a state, built on first use (a loaded, reset or seeded state is a new object). */
export function cdrIndexOf(state: EmulatorState): CdrIndex {
  let index = indexes.get(state);
  if (index === undefined) {
    index = CdrIndex.build(state.cdrs);
    indexes.set(state, index);
  }
  return index;
}

/**
 * Add records to a live state, table and index together; each id must be above every id already
 * there, and the records in ascending id order. Call it inside `Store.write`, after validating.
 */
export function appendCdrs(state: EmulatorState, records: readonly CallDetailRecord[]): void {
  const index = cdrIndexOf(state);
  for (const record of records) {
    if (record.id <= index.lastId) {
      throw new Error(`CDR id ${record.id} is not above the last id ${index.lastId}`);
    }
    state.cdrs.push(record);
    index.add(record);
  }
}
