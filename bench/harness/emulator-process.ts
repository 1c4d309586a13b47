// The emulator in a process of its own (dist/emulator/cli.js), so a client benchmark measures the
// client, not a client and a server sharing one event loop.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { AdminClient } from "../../emulator";
import { repoRoot } from "../../scripts/tools/engine";

export interface EmulatorProcess {
  url: string;
  token: string;
  orgHandle: string;
  admin: AdminClient;
  pid: number;
  close(): Promise<void>;
}

/** Starts `node dist/emulator/cli.js --port 0` with the given per-minute limit (and other options) and waits for its URL. */
export function startEmulatorProcess(
  rateLimit: number,
  options: readonly string[] = [],
): Promise<EmulatorProcess> {
  const cli = path.join(repoRoot, "dist", "emulator", "cli.js");
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, "--port", "0", "--rate-limit", String(rateLimit), ...options],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}: ${err}`)));
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      const token = /Token:\s+(\S+)/.exec(out)?.[1];
      const orgHandle = /Org-Handle:\s+(\S+)/.exec(out)?.[1];
      if (!url || !token || !orgHandle || child.pid === undefined) return;
      child.stdout?.removeAllListeners("data");
      child.stdout?.resume();
      child.removeAllListeners("exit");
      resolve({
        url,
        token,
        orgHandle,
        admin: new AdminClient(url),
        pid: child.pid,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/** An emulator seeded with `organizations` organizations of `numbersPerOrganization` numbers each. */
export function startOrganizationsEmulator(
  rateLimit: number,
  organizations: number,
  numbersPerOrganization: number,
): Promise<EmulatorProcess> {
  return startEmulatorProcess(rateLimit, [
    "--organizations",
    String(organizations),
    "--numbers-per-organization",
    String(numbersPerOrganization),
  ]);
}
