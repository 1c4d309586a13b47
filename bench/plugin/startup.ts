// Benchmark 8: the plugin's start-up, single executable vs the JavaScript launcher, from spawn until
// it printed its port and until its first RPC (GetSchema) answered; and the size of each plugin archive.
// Both run the same bundle (dist/plugin/provider.js): the executable with the Node.js inside it, the
// launcher as `sh` + `node provider.js` with Node 24 on PATH. Runs alternate, so load hits both alike.
import { execFile } from "node:child_process";
import { chmod, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { type PluginProbe, probePlugin } from "../../scripts/dev/plugin-probe";
import { makeTempDir, repoRoot } from "../../scripts/tools/engine";
import { median, progress, round } from "../harness/stats";

const run = promisify(execFile);

/** Medians of one way of starting the plugin, in milliseconds. */
export interface StartupTimes {
  portMs: number;
  firstRpcMs: number;
}

export interface PluginStartupResult {
  runs: number;
  /** Every plugin archive in dist/plugin after the build (`--all` builds the others), by file name. */
  archives: { file: string; bytes: number }[];
  /** The unpacked executable of the host's platform. */
  executableBytes: number;
  single: StartupTimes;
  launcher: StartupTimes;
  /** single / launcher, per measure (below 1: the executable starts sooner). */
  ratio: StartupTimes;
  /** The linux-arm64 executable under qemu-user, one run, when both are there (emulated: not comparable). */
  arm64Emulated?: StartupTimes;
}

const LAUNCHER = `#!/bin/sh
exec node "$(dirname "$0")/provider.js" "$@"
`;

const QEMU = "/usr/bin/qemu-aarch64";

const times = (probes: PluginProbe[]): StartupTimes => ({
  portMs: round(median(probes.map((p) => p.portMs)), 0),
  firstRpcMs: round(median(probes.map((p) => p.firstRpcMs)), 0),
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Builds the host's archive (scripts/build/archives/plugin.mjs) and measures `runs` alternating starts of each kind. */
export async function runPluginStartup(runs: number): Promise<PluginStartupResult> {
  const { stdout } = await run(
    process.execPath,
    [path.join(repoRoot, "scripts", "build", "archives", "plugin.mjs")],
    {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  const archive = stdout.trim().split("\n").pop() ?? "";
  const out = path.dirname(archive);
  const dir = await makeTempDir("pulumi-voice-bench-plugin-");
  try {
    await run("tar", ["-xzf", archive, "-C", dir.path]);
    const executable = path.join(dir.path, "pulumi-resource-voice");
    const launcher = path.join(dir.path, "launcher");
    await writeFile(launcher, LAUNCHER);
    await chmod(launcher, 0o755);
    await run("cp", [path.join(out, "provider.js"), path.join(dir.path, "provider.js")]);
    const single: PluginProbe[] = [];
    const viaLauncher: PluginProbe[] = [];
    for (let i = 0; i < runs; i++) {
      progress(`8: plugin start-up, run ${i + 1} of ${runs}`);
      single.push(await probePlugin(executable, [], { PATH: "/nonexistent" }));
      // Node 24 first, then the system's commands (the launcher calls `dirname`).
      const PATH = [path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter);
      viaLauncher.push(await probePlugin("/bin/sh", [launcher], { PATH }));
    }
    const files = (await readdir(out)).filter((f) => f.endsWith(".tar.gz")).sort();
    const archives = await Promise.all(
      files.map(async (file) => ({ file, bytes: (await stat(path.join(out, file))).size })),
    );
    const arm64 = files.find((f) => f.endsWith("-linux-arm64.tar.gz"));
    let arm64Emulated: StartupTimes | undefined;
    if (arm64 && (await exists(QEMU)) && (await exists("/usr/aarch64-linux-gnu/lib"))) {
      progress("8: the linux-arm64 executable under qemu-user");
      const armDir = path.join(dir.path, "arm64");
      await run("mkdir", [armDir]);
      await run("tar", ["-xzf", path.join(out, arm64), "-C", armDir]);
      const probe = await probePlugin(
        QEMU,
        ["-L", "/usr/aarch64-linux-gnu", path.join(armDir, "pulumi-resource-voice")],
        { PATH: "/nonexistent" },
        120_000,
      );
      arm64Emulated = times([probe]);
    }
    const [s, l] = [times(single), times(viaLauncher)];
    return {
      runs,
      archives,
      executableBytes: (await stat(executable)).size,
      single: s,
      launcher: l,
      ratio: { portMs: round(s.portMs / l.portMs), firstRpcMs: round(s.firstRpcMs / l.firstRpcMs) },
      ...(arm64Emulated ? { arm64Emulated } : {}),
    };
  } finally {
    await dir.remove();
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The benchmark's rows for the results table. */
export function pluginStartupRows(r: PluginStartupResult): string[][] {
  return [
    [
      "8",
      `plugin start-up to its port · to the first RPC (GetSchema), median of ${r.runs}`,
      `single executable ${r.single.portMs} ms · ${r.single.firstRpcMs} ms`,
      `JavaScript launcher (\`node provider.js\`) ${r.launcher.portMs} ms · ${r.launcher.firstRpcMs} ms`,
      `executable/launcher: **${r.ratio.portMs} · ${r.ratio.firstRpcMs}**${
        r.arm64Emulated
          ? `; linux-arm64 under qemu-user (emulated) ${r.arm64Emulated.portMs} ms · ${r.arm64Emulated.firstRpcMs} ms`
          : ""
      }`,
      "—",
    ],
    [
      "8",
      "plugin archives (`.tar.gz`)",
      r.archives
        .map(
          (a) =>
            `${a.file.replace(/^pulumi-resource-voice-v[^-]+-/, "").replace(".tar.gz", "")} ${mib(a.bytes)}`,
        )
        .join(" · "),
      `unpacked executable (the host's platform) ${mib(r.executableBytes)}`,
      "—",
      "—",
    ],
  ];
}
