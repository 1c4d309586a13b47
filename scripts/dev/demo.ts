// `npm run demo`: the main job end to end against the embedded emulator, with the real Pulumi
// engine and its own progress display: up, the diff of a code edit, drift found and repaired, destroy.
import { spawn } from "node:child_process";
import { cp, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { compileCacheEnv } from "../../cli/compile-cache";
import { AdminClient, startEmulator } from "../../emulator";
import { engineEnv, makeTempDir, repoRoot, type TempDir } from "../tools/engine";
import { DEMO_STEPS, driftStepArgs } from "./demo-steps";

const STACK = "demo";
const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

function step(n: number, title: string, why: string): void {
  console.log(`\n${bold(`── ${n}/${DEMO_STEPS.length}. ${title}`)}  (${seconds()} since start)\n   ${why}\n`);
}

/** The pulumi command running now, so Ctrl-C can let it finish stopping before the cleanup. */
let running: Promise<number> | undefined;

/** Runs the pulumi CLI in the foreground, its progress display on this terminal; answers the exit code. */
function pulumi(args: string[], cwd: string, env: NodeJS.ProcessEnv, show = true): Promise<number> {
  if (show) console.log(`$ pulumi ${args.join(" ")}`);
  running = new Promise((resolve, reject) => {
    const child = spawn("pulumi", args, { cwd, env, stdio: show ? "inherit" : "ignore" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 130 : 1)));
  });
  return running;
}

async function must(args: string[], cwd: string, env: NodeJS.ProcessEnv, show = true): Promise<void> {
  const code = await pulumi(args, cwd, env, show);
  if (code !== 0) throw new Error(`pulumi ${args[0]} failed (exit ${code})`);
}

async function main(): Promise<void> {
  console.log(bold("pulumi-voice-platform demo: telephony as code against a local platform emulator"));
  console.log(DEMO_STEPS.map((text, i) => `  ${i + 1}. ${text}`).join("\n"));
  console.log(
    "\nGetting the Pulumi engine's core (scripts/tools/pulumi-engine): instant once built; the first run builds it " +
      "from source (1.6 GB of Go modules, 10-16 minutes on 2 cores), reporting its progress below.",
  );
  // The program and the plugin start on Node's compile cache, as under the fleet.
  const env = { ...process.env, ...(await engineEnv()), ...compileCacheEnv() };
  const emulator = await startEmulator({ port: 0 });
  const admin = new AdminClient(emulator.url);
  let dir: TempDir | undefined;
  const cleanup = async () => {
    await emulator.close().catch(() => undefined);
    await dir?.remove();
  };
  // Ctrl-C reaches the pulumi child too (same process group), which stops cleanly; once it has, clean up.
  process.once("SIGINT", () => {
    console.log("\nInterrupted: removing the emulator and the temporary stack.");
    void Promise.resolve(running)
      .catch(() => undefined)
      .then(cleanup)
      .finally(() => process.exit(130));
  });

  try {
    console.log(
      `Emulator: ${emulator.url} (organization ${emulator.orgHandle}); its dashboard: ${emulator.url}/`,
    );
    dir = await makeTempDir("pulumi-voice-demo-");
    const source = path.join(repoRoot, "examples", "quickstart");
    await cp(source, dir.path, { recursive: true, filter: (src) => path.basename(src) !== "node_modules" });
    await symlink(path.join(repoRoot, "node_modules"), path.join(dir.path, "node_modules"), "dir");
    const cwd = dir.path;
    console.log(`Program: examples/quickstart (a copy in ${cwd})`);

    await must(["stack", "init", STACK], cwd, env, false);
    const config: [string, string, boolean][] = [
      ["voice:baseUrl", emulator.url, false],
      ["voice:token", emulator.token, true],
      ["voice:orgHandle", emulator.orgHandle, false],
      ["twilioAuthToken", "demo-twilio-auth-token", true],
      ["sipPassword", "demo-sip-password", true],
    ];
    for (const [key, value, secret] of config) {
      await must(["config", "set", key, value, ...(secret ? ["--secret"] : [])], cwd, env, false);
    }

    step(1, "pulumi up", "Create the provider configuration, the bridge, its two numbers and the SIP trunk.");
    await must(["up", "--yes", "--stack", STACK], cwd, env);

    step(
      2,
      "A code edit, reviewed and not applied",
      "Rename the bridge and add a third number in index.ts; preview shows the exact diff. The edit is put back afterwards.",
    );
    const program = path.join(cwd, "index.ts");
    const original = await readFile(program, "utf8");
    const edited = original
      .replace('?? "Support line"', '?? "Support line (24/7)"')
      .replace('["+14155550100", "+14155550101"]', '["+14155550100", "+14155550101", "+14155550102"]');
    await writeFile(program, edited);
    await must(["preview", "--diff", "--stack", STACK], cwd, env);
    await writeFile(program, original);
    console.log("The edit was only previewed: index.ts is put back as declared, and nothing was changed.");

    step(
      3,
      "Somebody renames the bridge in the dashboard",
      "From the declared program again (step 2's edit was put back), the drift check (as CI runs it) " +
        "fails and names the resource and the field.",
    );
    const bridge = (await admin.state()).bridges[0];
    if (!bridge) throw new Error("the up made no bridge");
    // The same change as the dashboard's rename form, made without a browser.
    await admin.renameBridge(emulator.orgHandle, bridge.slug, "Renamed by hand");
    console.log(`Renamed "${bridge.slug}" out of band, as the dashboard at ${emulator.url}/ does.`);
    const drift = await pulumi(driftStepArgs(STACK), cwd, env);
    console.log(drift === 0 ? "No drift found (unexpected)." : bold(`Drift detected (exit ${drift}).`));

    step(4, "Repair", "up --refresh reads what the platform holds and puts back what the code declares.");
    await must(["up", "--yes", "--refresh", "--stack", STACK], cwd, env);
    console.log(`The bridge's name on the platform: ${(await admin.state()).bridges[0]?.name}`);

    step(
      5,
      "pulumi destroy",
      "Disconnect the numbers (they stay with the organization) and delete the rest.",
    );
    await must(["destroy", "--yes", "--stack", STACK], cwd, env);
    await must(["stack", "rm", "--yes", STACK], cwd, env, false);
    const left = await admin.state();
    console.log(
      `Left on the platform: ${left.bridges.length} bridges, ${left.links.length} linked numbers, ${left.trunks.length} trunks.`,
    );
    console.log(bold(`\nDone in ${seconds()}.`));
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
