// `npm run bench -- --organizations` (and a row of `npm run bench`): what one organization's
// requests cost in an emulator holding 1 organization and in one holding 100, every organization
// busy with a configuration, bridges, links and a trunk. Both emulators run at once in processes of
// their own and are asked in alternation, one request in flight, so that the machine's load weighs
// on both alike; the figure is the ratio of the medians (target ≈ 1).
import { Pool } from "undici";
import { fleetOrganizations } from "../../emulator";
import { type EmulatorProcess, startOrganizationsEmulator } from "../harness/emulator-process";
import { progress, quantile, round } from "../harness/stats";

/** Fleet sizes compared: the baseline first. */
const SIZES = [1, 100] as const;
const NUMBERS = 1_000;
/** Links per organization (on two bridges); the rest of its numbers stay free. */
const LINKED = 100;
const WARMUP = 100;

type Method = "GET" | "POST";
interface Step {
  name: string;
  request: (i: number) => readonly [Method, string, object?];
}

export interface OrganizationsCase {
  call: string;
  /** Median and 99th percentile per fleet size, in the order of `sizes`. */
  p50Ms: number[];
  p99Ms: number[];
  /** Median at the largest size ÷ median at the smallest. */
  ratio: number;
}

export interface OrganizationsScaleResult {
  sizes: number[];
  numbersPerOrganization: number;
  linkedPerOrganization: number;
  samples: number;
  cases: OrganizationsCase[];
  /** Geometric mean of the cases' ratios. */
  ratio: number;
}

/** A client of one emulator, calling as one organization. */
function client(emu: EmulatorProcess) {
  const origin = new URL(emu.url).origin;
  const pool = new Pool(origin, { connections: 8 });
  const call = async (org: string, method: Method, path: string, body?: object) => {
    const started = performance.now();
    const res = await pool.request({
      origin,
      path: `/api/v2/platform${path}`,
      method,
      headers: { authorization: `Token ${emu.token}`, "org-handle": org, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.body.json()) as { data?: { id?: number } };
    if (res.statusCode >= 300)
      throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
    return { ms: performance.now() - started, data: json.data };
  };
  return { call, close: () => pool.close() };
}

/** Every organization of the fleet busy: a configuration, two bridges sharing `LINKED` links, a trunk. */
async function fill(
  emu: EmulatorProcess,
  size: number,
): Promise<ReturnType<typeof client> & { cfg: number }> {
  const c = client(emu);
  let first = 0;
  for (const org of fleetOrganizations({ organizations: size, numbersPerOrganization: NUMBERS })) {
    const cfg = await c.call(org.handle, "POST", "/telephony/providers-configurations/", {
      provider: org.provider,
      account_sid: org.accountSid,
      auth_token: "bench",
    });
    if (first === 0) first = cfg.data?.id ?? 0;
    for (const slug of ["a", "b"])
      await c.call(org.handle, "POST", "/telephony/bridges/", { name: slug, slug });
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < LINKED) {
          const j = next++;
          await c.call(org.handle, "POST", `/telephony/bridges/${j % 2 ? "b" : "a"}/connect-provider/`, {
            provider_config_id: cfg.data?.id,
            phone_number: org.numbers[j],
          });
        }
      }),
    );
    await c.call(org.handle, "POST", "/telephony/trunks/", { name: "edge", sip_url: "pbx.example.com" });
  }
  await emu.admin.clearRequests();
  return { ...c, cfg: first };
}

/** The fleet sizes side by side, `samples` rounds of every step each, alternating between them. */
export async function runOrganizationsScale(opts: { samples: number }): Promise<OrganizationsScaleResult> {
  const emulators: EmulatorProcess[] = [];
  const clients: Awaited<ReturnType<typeof fill>>[] = [];
  try {
    for (const size of SIZES) {
      const started = performance.now();
      const emu = await startOrganizationsEmulator(1_000_000_000, size, NUMBERS);
      emulators.push(emu);
      clients.push(await fill(emu, size));
      progress(`organizations: ${size} filled in ${round((performance.now() - started) / 1000, 1)} s`);
    }
    const [org] = fleetOrganizations({ organizations: 1, numbersPerOrganization: NUMBERS });
    if (org === undefined) throw new Error("no organization");
    const spare = (i: number) => org.numbers[LINKED + (i % (NUMBERS - LINKED))] ?? "";
    const steps = (cfg: number): Step[] => [
      {
        name: "GET /telephony/bridges/{slug}/ (50 numbers)",
        request: () => ["GET", "/telephony/bridges/a/"],
      },
      {
        name: "POST /telephony/bridges/{slug}/connect-provider/",
        request: (i) => [
          "POST",
          "/telephony/bridges/b/connect-provider/",
          { provider_config_id: cfg, phone_number: spare(i) },
        ],
      },
      {
        name: "POST /telephony/bridges/{slug}/disconnect-provider/",
        request: (i) => ["POST", "/telephony/bridges/b/disconnect-provider/", { phone_number: spare(i) }],
      },
      {
        name: "GET /telephony/overview/?page=1&page_size=20",
        request: () => ["GET", "/telephony/overview/?page=1&page_size=20"],
      },
      { name: "GET /spaces/", request: () => ["GET", "/spaces/"] },
      { name: "GET /telephony/trunks/", request: () => ["GET", "/telephony/trunks/"] },
    ];
    const names = steps(0).map((s) => s.name);
    const ms = SIZES.map(() => names.map(() => [] as number[]));
    for (let i = 0; i < WARMUP + opts.samples; i++) {
      for (const [k, c] of clients.entries()) {
        for (const [s, step] of steps(c.cfg).entries()) {
          const { ms: took } = await c.call(org.handle, ...step.request(i));
          if (i >= WARMUP) ms[k]?.[s]?.push(took);
        }
      }
      // The emulator logs every request: keep its memory flat.
      if (i % 500 === 499) for (const emu of emulators) await emu.admin.clearRequests();
    }
    const cases = names.map((call, s) => {
      const p50Ms = SIZES.map((_, k) => round(quantile(ms[k]?.[s] ?? [], 0.5), 3));
      const p99Ms = SIZES.map((_, k) => round(quantile(ms[k]?.[s] ?? [], 0.99), 3));
      return { call, p50Ms, p99Ms, ratio: round((p50Ms.at(-1) ?? 0) / (p50Ms[0] ?? 1), 2) };
    });
    const ratio = round(Math.exp(cases.reduce((a, c) => a + Math.log(c.ratio), 0) / cases.length), 2);
    return {
      sizes: [...SIZES],
      numbersPerOrganization: NUMBERS,
      linkedPerOrganization: LINKED,
      samples: opts.samples,
      cases,
      ratio,
    };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all(emulators.map((e) => e.close()));
  }
}

const ms = (v: number) => (v < 1 ? `${round(v * 1000, 0)} µs` : `${round(v, 2)} ms`);

/** The row of `npm run bench`'s table. */
export function organizationsRows(r: OrganizationsScaleResult): string[][] {
  const [small, large] = [r.sizes[0], r.sizes.at(-1)];
  return [
    [
      "9",
      `emulator, one organization's requests with ${large} organizations (${r.numbersPerOrganization.toLocaleString("en-US")} numbers, ${r.linkedPerOrganization} linked each) · median of ${r.cases.length} kinds, ${r.samples} rounds`,
      r.cases.map((c) => ms(c.p50Ms.at(-1) ?? 0)).join(" · "),
      `${small} organization: ${r.cases.map((c) => ms(c.p50Ms[0] ?? 0)).join(" · ")}`,
      `${large} ÷ ${small} ≈ 1: **${r.ratio}** (${r.cases.map((c) => c.ratio).join(" · ")})`,
      r.ratio <= 1.2 ? "**met**" : "**missed**",
    ],
  ];
}

/** The markdown of `--organizations`: one line per request kind. */
export function renderOrganizationsScale(r: OrganizationsScaleResult, header: string): string {
  const [small, large] = [r.sizes[0], r.sizes.at(-1)];
  return [
    header,
    "",
    `Emulators: two processes (node dist/emulator/cli.js --organizations ${small} and ${large}), ${r.numbersPerOrganization.toLocaleString("en-US")} numbers an organization, every organization with a configuration, two bridges, ${r.linkedPerOrganization} links and a trunk; asked in alternation as org-001, one request in flight, ${r.samples} rounds after ${WARMUP} unmeasured.`,
    "",
    `| Request | ${small} organization: p50 · p99 | ${large} organizations: p50 · p99 | p50 ${large} ÷ ${small} (target ≈ 1) |`,
    "|---|---|---|---|",
    ...r.cases.map(
      (c) =>
        `| ${c.call} | ${ms(c.p50Ms[0] ?? 0)} · ${ms(c.p99Ms[0] ?? 0)} | ${ms(c.p50Ms.at(-1) ?? 0)} · ${ms(c.p99Ms.at(-1) ?? 0)} | ${c.ratio} |`,
    ),
    "",
    `Geometric mean of the ratios: **${r.ratio}**.`,
  ].join("\n");
}
