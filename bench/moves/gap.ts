// The move gap: how long a number is on no bridge while `up` moves it to another, through the real
// engine with its defaults (a checkpoint written around every step) and the native provider plugin.
// For each N and form: the estate created with the file backend's checkpoints skipped (not
// measured), the emulator's round trip for a link write, then k numbers moved to the next bridge
// and back, each move checked against the platform and the state before its gaps count.
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { ACCOUNTS, inventorySeed, phoneNumber } from "../../estate/estate";
import { type EmulatorProcess, startEmulatorProcess } from "../harness/emulator-process";
import { BENCH_RATE_LIMIT } from "../harness/seeded-emulator";
import { type BenchStack, benchStack, type OpMeasure, type Target } from "../harness/stack";
import { progress } from "../harness/stats";
import { checkLinks } from "./check";
import {
  bridgesOf,
  declaredLinks,
  type Form,
  type Move,
  type MoveGapSpec,
  moveGapEstate,
  moveSome,
  reverse,
} from "./estate";
import { type Gap, gapsOf } from "./log";
import { measureRoundTrip, type RoundTrip } from "./round-trip";

/** One `up` that moved numbers, and the `preview` after it. */
export interface MoveRun {
  direction: "there" | "back";
  up: OpMeasure;
  gaps: Gap[];
  /** The `preview` after the move: changes the engine would still make (only `same` when state and program agree). */
  preview: { ms: number; changes: Record<string, number> };
}

/** One N in one form. */
export interface MoveGapPoint {
  n: number;
  form: Form;
  bridges: number;
  moved: number;
  create: OpMeasure;
  roundTrip: RoundTrip;
  moves: MoveRun[];
}

export interface MoveGapOptions {
  ns: readonly number[];
  forms: readonly Form[];
  /** Numbers moved per `up`. */
  k: number;
  parallel: number;
  roundTripSamples: number;
  /** Called after every point, so a run stopped early keeps what it measured. */
  saved?: (points: MoveGapPoint[]) => Promise<void>;
}

function check(label: string, m: OpMeasure): OpMeasure {
  if (m.error || m.failedOperations > 0) {
    throw new Error(`${label} failed (${m.failedOperations} failed operations): ${m.error ?? ""}`);
  }
  return m;
}

/** Runs `fn` with the file backend's checkpoints skipped for this stack's engine runs. */
async function withoutCheckpoints<T>(bench: BenchStack, fn: () => Promise<T>): Promise<T> {
  const ws = bench.stack.workspace;
  if (!(ws instanceof LocalWorkspace)) throw new Error("the bench stack has no local workspace");
  ws.envVars.PULUMI_SKIP_CHECKPOINTS = "true";
  try {
    return await fn();
  } finally {
    delete ws.envVars.PULUMI_SKIP_CHECKPOINTS;
  }
}

/** Moves as declared by `spec`, checked; answers the run and its gaps. */
async function move(
  emu: EmulatorProcess,
  bench: BenchStack,
  spec: MoveGapSpec,
  moves: readonly Move[],
  direction: MoveRun["direction"],
): Promise<MoveRun> {
  const label = `${spec.form} N = ${spec.numbers.length} move ${direction}`;
  await bench.declare(spec);
  const up = check(label, await bench.run("up", { rss: true }));
  const log = await emu.admin.requests();
  await checkLinks(emu.admin, bench.stack, spec.form, declaredLinks(spec));
  const gaps = gapsOf(log, moves);
  const preview = check(`${label} preview`, await bench.run("preview"));
  const changes = preview.changes ?? {};
  const pending = Object.entries(changes).filter(([op, count]) => op !== "same" && count > 0);
  if (pending.length > 0) {
    throw new Error(`${label}: the preview after the move would still ${JSON.stringify(changes)}`);
  }
  progress(
    `  ${label}: up ${up.ms} ms (${JSON.stringify(up.changes)}), gaps ${gaps.map((g) => g.ms.toFixed(1)).join(" ")} ms; preview ${preview.ms} ms`,
  );
  return { direction, up, gaps, preview: { ms: preview.ms, changes } };
}

/** One N in one form against a fresh emulator process. */
async function runPoint(n: number, form: Form, opts: MoveGapOptions): Promise<MoveGapPoint> {
  const emu = await startEmulatorProcess(BENCH_RATE_LIMIT);
  const target: Target = { url: emu.url, token: emu.token, orgHandle: emu.orgHandle, admin: emu.admin };
  const bench = await benchStack(target, `move-${form}-${n}`, opts.parallel, {
    native: true,
    program: "moves/program",
  });
  try {
    // Two numbers beyond the estate: the first account's serves the round trip.
    await emu.admin.seed(inventorySeed(n + ACCOUNTS.length));
    const estate = moveGapEstate(n, form, "native");
    await bench.declare(estate);
    const create = check(
      `${form} N = ${n} create`,
      await withoutCheckpoints(bench, () => bench.run("up", { rss: true })),
    );
    await checkLinks(emu.admin, bench.stack, form, declaredLinks(estate));
    progress(
      `  ${form} N = ${n}: created in ${create.ms} ms (checkpoints skipped), ${create.requests} requests`,
    );

    const configuration = (await emu.admin.state()).configurations.find(
      (c) => c.account_sid === ACCOUNTS[0].accountSid,
    );
    if (configuration === undefined) throw new Error("the estate's first configuration is missing");
    const roundTrip = await measureRoundTrip(
      emu,
      {
        slug: estate.bridges[0]!.slug,
        phoneNumber: phoneNumber(0, Math.ceil(n / ACCOUNTS.length)),
        configurationId: configuration.id,
      },
      opts.roundTripSamples,
    );

    const there = moveSome(estate, opts.k);
    const moves = [
      await move(emu, bench, there.spec, there.moves, "there"),
      await move(emu, bench, estate, reverse(there.moves), "back"),
    ];
    return { n, form, bridges: bridgesOf(n), moved: there.moves.length, create, roundTrip, moves };
  } finally {
    await bench.cleanup();
    await emu.close();
  }
}

/** Every N in every form, in order; forms alternate which goes first from one N to the next. */
export async function runMoveGap(opts: MoveGapOptions): Promise<MoveGapPoint[]> {
  const points: MoveGapPoint[] = [];
  for (const [i, n] of opts.ns.entries()) {
    const forms = i % 2 === 0 ? opts.forms : [...opts.forms].reverse();
    for (const form of forms) {
      progress(`move gap: N = ${n}, ${form}`);
      points.push(await runPoint(n, form, opts));
      await opts.saved?.(points);
    }
  }
  return points;
}
