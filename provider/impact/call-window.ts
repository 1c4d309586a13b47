import type { CallDetailRecord, Page } from "../../sdk";
import { CallCounts, callTime } from "./call-counts";

/** Records per request: the platform's largest page (L2, `page_size` ≤ 100), so a read costs the fewest requests. */
export const LARGEST_PAGE = 100;

/** What the backwards read of an organization's call records found. */
export interface CallWindow {
  counts: CallCounts;
  /** Records read, newest first (at most `maxCalls`). */
  callsRead: number;
  /** Whether `maxCalls` stopped the read before the window's start, older records unread. */
  capped: boolean;
}

/** The bounds of the read: the window's start and the recent span's (ms), and the most records to read. */
export interface WindowBounds {
  since: number;
  recentSince: number;
  maxCalls: number;
}

/**
 * Reads the calls of the window, newest first. `/cdr/` has no date filter and lists ascending ids
 * (K6), so the newest calls are on the last page: a first page tells the total, then pages are read
 * from the last one down until a page reaches back before the window's start, or `maxCalls` records
 * have been read. The first page is kept: when the window reaches back to it, it is not read again.
 * Calls appended meanwhile do not shift the pages below them, so the read stays consistent.
 */
export async function readCallWindow(
  fetchPage: (page: number) => Promise<Page<CallDetailRecord>>,
  bounds: WindowBounds,
): Promise<CallWindow> {
  const counts = new CallCounts(bounds.recentSince);
  const first = await fetchPage(1);
  // A platform that ignored the page size answered every record on the first page.
  const everything = first.data.length >= first.count || first.data.length > LARGEST_PAGE;
  const last = everything ? 1 : Math.ceil(first.count / LARGEST_PAGE);
  let callsRead = 0;
  for (let page = last; page >= 1; page -= 1) {
    if (callsRead === bounds.maxCalls) return { counts, callsRead, capped: true };
    const records = page === 1 ? first.data : (await fetchPage(page)).data;
    let reachedStart = false;
    for (let i = records.length - 1; i >= 0; i -= 1) {
      if (callsRead === bounds.maxCalls) return { counts, callsRead, capped: true };
      const record = records[i] as CallDetailRecord;
      callsRead += 1;
      const at = callTime(record);
      if (at === undefined) continue;
      if (at < bounds.since) reachedStart = true;
      else counts.add(record, at);
    }
    if (reachedStart) break;
  }
  return { counts, callsRead, capped: false };
}
