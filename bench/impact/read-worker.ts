// The process of one read (read.ts): reads as its spec (argv[2], JSON) says, watching its own
// memory, and prints one JSON line of figures.
//   node dist/bench/impact/read-worker.js '<ReadSpec>'
import v8 from "node:v8";
import { type BridgeTouch, OrganizationTraffic, type Touch } from "../../provider/impact";
import { listCallRecords } from "../../provider/lookups/call-records";
import { listOverview } from "../../provider/lookups/overview";
import { VoiceClient } from "../../sdk";
import { readProc } from "../harness/proc";
import { bridgeSlug, everyNumberMoved, handleOf, type OrganizationLayout } from "./estate";
import type { ReadFigures, ReadSpec } from "./read";

const MB = 1_048_576;
/** How often the used heap is sampled: often enough to see the read's pages come and go. */
const SAMPLE_MS = 5;

/** The figures the read itself gives. */
type Counted = Pick<ReadFigures, "readerRequests" | "callsRead" | "capped" | "numbers">;

/** The kernel's high-water mark of this process's resident memory, in bytes. */
function peakRss(): number {
  const kb = /VmHWM:\s+(\d+)\s+kB/.exec(readProc("/proc/self/status") ?? "")?.[1];
  return kb === undefined ? process.memoryUsage.rss() : Number(kb) * 1024;
}

const usedHeap = () => v8.getHeapStatistics().used_heap_size;

function touchesOf(o: OrganizationLayout, touch: "moves" | "bridges"): Touch[] {
  if (touch === "moves") return everyNumberMoved(o);
  return Array.from(
    { length: o.bridges },
    (_, k): BridgeTouch => ({ kind: "bridge", slug: bridgeSlug(k), change: "delete" }),
  );
}

/** Each organization's impact read, `inFlight` organizations at once, through one client. */
async function readImpact(
  spec: Extract<ReadSpec, { read: "impact" }>,
  client: VoiceClient,
): Promise<Counted> {
  const counted: Counted = { readerRequests: 0, callsRead: 0, capped: 0, numbers: 0 };
  const options = {
    now: new Date(spec.now),
    ...(spec.windowDays === undefined ? {} : { windowDays: spec.windowDays }),
    ...(spec.maxCalls === undefined ? {} : { maxCalls: spec.maxCalls }),
  };
  let next = 0;
  const reports: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(spec.inFlight, spec.organizations.length) }, async () => {
      while (next < spec.organizations.length) {
        const o = spec.organizations[next++] as OrganizationLayout;
        const traffic = new OrganizationTraffic(client, options, handleOf(o));
        const report = await traffic.impactOf(touchesOf(o, spec.touch));
        // Kept while the others are read, as a caller gathering every organization's report would.
        reports.push(report);
        counted.readerRequests += traffic.requests;
        counted.callsRead += report.callsRead;
        counted.capped += report.capped ? 1 : 0;
        counted.numbers += report.numbers.length;
      }
    }),
  );
  return counted;
}

async function read(spec: ReadSpec): Promise<Counted> {
  const first = spec.organizations[0];
  if (first === undefined) throw new Error("impact read: no organization");
  const client = new VoiceClient({ baseUrl: spec.url, token: spec.token, orgHandle: handleOf(first) });
  const none = { readerRequests: 0, capped: 0 };
  switch (spec.read) {
    case "overview":
      return { ...none, callsRead: 0, numbers: (await listOverview(client, {})).length };
    case "call-records":
      return { ...none, callsRead: (await listCallRecords(client, {})).length, numbers: 0 };
    case "impact":
      return readImpact(spec, client);
  }
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? "") as ReadSpec;
  const rssBefore = process.memoryUsage.rss();
  const heapBefore = usedHeap();
  let peakHeap = heapBefore;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, usedHeap());
  }, SAMPLE_MS);
  const started = performance.now();
  const counted = await read(spec);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, usedHeap());
  const figures: ReadFigures = {
    ms: Math.round(ms),
    ...counted,
    rssBeforeMb: Math.round(rssBefore / MB),
    peakRssMb: Math.round(peakRss() / MB),
    heapBeforeMb: Math.round(heapBefore / MB),
    peakHeapMb: Math.round(peakHeap / MB),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
