// `npm run bench -- --emulator`: the emulator's own cost per request in an organization of 1,000
// and of 10,000 linked numbers (100 numbers a bridge). A request that finds its records through the
// state's indexes costs the same at both sizes; a listing of every bridge costs what it returns.
import { Pool } from "undici";
import { startEmulatorProcess } from "../harness/emulator-process";
import { progress, quantile, round } from "../harness/stats";

/** Numbers per bridge, as in the 10,000-number organization of the scale targets (100 bridges). */
const PER_BRIDGE = 100;
const ACCOUNT = "AC00000000000000000000000000000001";
/** Bridges on one page of the paged listing (every estate has at least this many). */
const PAGE = 10;
/** Untimed requests before each measured series. */
const WARMUP = 200;

export interface LatencyCase {
  /** What was asked, e.g. `GET /telephony/bridges/{slug}/ (100 numbers)`. */
  call: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
  /** Number records in each answer (for listings, whose cost grows with what they return). */
  recordsPerAnswer: number;
}

export interface EmulatorSizeResult {
  numbers: number;
  bridges: number;
  /** Wall time to seed the inventory and link every number (16 connects in flight). */
  fillS: number;
  cases: LatencyCase[];
}

export interface EmulatorScaleResult {
  emulator: string;
  sizes: EmulatorSizeResult[];
}

const phone = (i: number) => `+1415888${String(i).padStart(4, "0")}`;

/** One size: a fresh emulator process, filled, then measured one request at a time. */
async function measureSize(numbers: number, opts: { samples: number }): Promise<EmulatorSizeResult> {
  const emu = await startEmulatorProcess(1_000_000_000);
  const origin = new URL(emu.url).origin;
  const pool = new Pool(origin, { connections: 16 });
  const headers = {
    authorization: `Token ${emu.token}`,
    "org-handle": emu.orgHandle,
    "content-type": "application/json",
  };
  const call = async (method: "GET" | "POST", path: string, body?: object): Promise<unknown> => {
    const res = await pool.request({
      origin,
      path: `/api/v2/platform${path}`,
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.body.json()) as { data?: unknown };
    if (res.statusCode >= 300)
      throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
    return json.data;
  };
  const timedCall = async (method: "GET" | "POST", path: string, body?: object) => {
    const started = performance.now();
    const data = await call(method, path, body);
    return { ms: performance.now() - started, data };
  };
  try {
    const bridges = numbers / PER_BRIDGE;
    const filled = performance.now();
    await emu.admin.seed({
      providerAccounts: [
        {
          organization: emu.orgHandle,
          provider: "twilio",
          account_sid: ACCOUNT,
          numbers: Array.from({ length: numbers + WARMUP + opts.samples }, (_, i) => phone(i)),
        },
      ],
    });
    const cfg = (await call("POST", "/telephony/providers-configurations/", {
      provider: "twilio",
      account_sid: ACCOUNT,
      auth_token: "bench",
    })) as { id: number };
    for (let b = 0; b < bridges; b++) {
      await call("POST", "/telephony/bridges/", { name: `Bridge ${b}`, slug: `b-${b}` });
    }
    const connect = (i: number) =>
      [
        "POST",
        `/telephony/bridges/b-${i % bridges}/connect-provider/`,
        { provider_config_id: cfg.id, phone_number: phone(i) },
      ] as const;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < numbers) await call(...connect(next++));
      }),
    );
    const fillS = round((performance.now() - filled) / 1000, 1);
    await emu.admin.clearRequests();
    progress(`emulator: ${numbers} numbers on ${bridges} bridges linked in ${fillS} s`);

    // One request at a time: each sample is the server's answer time plus one loopback round trip.
    const cases: LatencyCase[] = [];
    type Request = readonly ["GET" | "POST", string, object?];
    interface Step {
      name: string;
      request: (i: number) => Request;
      /** Number records in an answer. */
      records: (data: unknown) => number;
    }
    /** `count` rounds of `steps` in turn (a connect and its disconnect keep the estate at its size). */
    const sample = async (count: number, steps: Step[]) => {
      const warm = Math.min(WARMUP, count);
      for (let i = 0; i < warm; i++) for (const step of steps) await call(...step.request(i)); // warm the JIT
      const ms = steps.map(() => [] as number[]);
      const records = steps.map(() => 0);
      for (let i = warm; i < warm + count; i++) {
        for (const [k, step] of steps.entries()) {
          const answer = await timedCall(...step.request(i));
          ms[k]?.push(answer.ms);
          records[k] = step.records(answer.data);
        }
      }
      for (const [k, step] of steps.entries()) {
        const series = ms[k] ?? [];
        cases.push({
          call: step.name,
          samples: count,
          p50Ms: round(quantile(series, 0.5), 3),
          p99Ms: round(quantile(series, 0.99), 3),
          recordsPerAnswer: records[k] ?? 0,
        });
      }
      await emu.admin.clearRequests(); // the emulator logs every request; keep its memory flat
    };
    const numbersOf = (data: unknown) => (data as { numbers: unknown[] }).numbers.length;
    const allNumbers = (data: unknown) =>
      (data as { numbers: unknown[] }[]).reduce((a, b) => a + b.numbers.length, 0);
    const one = () => 1;
    await sample(opts.samples, [
      {
        name: `GET /telephony/bridges/{slug}/ (detail)`,
        request: (i) => ["GET", `/telephony/bridges/b-${(i * 7) % bridges}/`],
        records: numbersOf,
      },
    ]);
    // A number beyond the linked ones joins a bridge of the estate and leaves it again.
    const target = (i: number) => `/telephony/bridges/b-${(i * 7) % bridges}`;
    await sample(opts.samples, [
      {
        name: "POST /telephony/bridges/{slug}/connect-provider/",
        request: (i) => [
          "POST",
          `${target(i)}/connect-provider/`,
          { provider_config_id: cfg.id, phone_number: phone(numbers + i) },
        ],
        records: one,
      },
      {
        name: "POST /telephony/bridges/{slug}/disconnect-provider/",
        request: (i) => ["POST", `${target(i)}/disconnect-provider/`, { phone_number: phone(numbers + i) }],
        records: one,
      },
    ]);
    await sample(opts.samples, [
      {
        name: `GET /telephony/bridges/?page=1&page_size=${PAGE} (one page)`,
        request: () => ["GET", `/telephony/bridges/?page=1&page_size=${PAGE}`],
        records: allNumbers,
      },
    ]);
    await sample(Math.max(20, Math.round(opts.samples / 20)), [
      {
        name: "GET /telephony/bridges/ (every bridge and number)",
        request: () => ["GET", "/telephony/bridges/"],
        records: allNumbers,
      },
    ]);
    return { numbers, bridges, fillS, cases };
  } finally {
    await pool.close();
    await emu.close();
  }
}

/** Both sizes, one after the other, each in a fresh emulator process. */
export async function runEmulatorScale(opts: {
  sizes: number[];
  samples: number;
}): Promise<EmulatorScaleResult> {
  const sizes: EmulatorSizeResult[] = [];
  for (const n of opts.sizes) sizes.push(await measureSize(n, opts));
  return {
    emulator: "separate process (node dist/emulator/cli.js), one request in flight, loopback HTTP",
    sizes,
  };
}

const ms = (v: number) => (v < 1 ? `${round(v * 1000, 0)} µs` : `${round(v, 2)} ms`);

/** The markdown of a run: p50 · p99 at each size, the ratio of the largest to the smallest, per record for listings. */
export function renderEmulatorScale(result: EmulatorScaleResult, header: string): string {
  const [small, large] = [result.sizes[0], result.sizes.at(-1)];
  if (small === undefined || large === undefined) return header;
  const n = (v: number) => v.toLocaleString("en-US");
  const lines = [
    header,
    "",
    `Emulator: ${result.emulator}. Estates: ${result.sizes.map((s) => `${n(s.numbers)} numbers on ${n(s.bridges)} bridges (filled in ${s.fillS} s)`).join("; ")}.`,
    "",
    `| Request | ${n(small.numbers)}: p50 · p99 | ${n(large.numbers)}: p50 · p99 | p50 ${n(large.numbers)} ÷ ${n(small.numbers)} (target ≈ 1) | p50 per returned number |`,
    "|---|---|---|---|---|",
  ];
  for (const c of small.cases) {
    const big = large.cases.find((b) => b.call === c.call);
    if (big === undefined) continue;
    const perRecord = (x: LatencyCase) => (x.recordsPerAnswer > 1 ? ms(x.p50Ms / x.recordsPerAnswer) : "—");
    const grows = big.recordsPerAnswer > c.recordsPerAnswer;
    const returned =
      c.recordsPerAnswer > 1
        ? ` (${n(c.recordsPerAnswer)} · ${n(big.recordsPerAnswer)} numbers returned)`
        : "";
    const ratio = `${round(big.p50Ms / c.p50Ms, 2)}${grows ? ` (returns ×${round(big.recordsPerAnswer / c.recordsPerAnswer, 1)})` : ""}`;
    lines.push(
      `| ${c.call}${returned} | ${ms(c.p50Ms)} · ${ms(c.p99Ms)} | ${ms(big.p50Ms)} · ${ms(big.p99Ms)} | ${ratio} | ${perRecord(c)} · ${perRecord(big)} |`,
    );
  }
  return lines.join("\n");
}
