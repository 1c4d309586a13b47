import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
// Compiled on its own beside dist/ so that other packages' work in progress cannot break it.
const OUT = join(ROOT, "dist", ".emulator-cli-test");
const CLI = join(OUT, "emulator", "cli.js");
let dir: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    join(OUT, "tsconfig.json"),
    JSON.stringify({
      extends: "../../tsconfig.json",
      compilerOptions: { noEmit: false, outDir: ".", rootDir: "../..", declaration: false, sourceMap: false },
      include: ["../../emulator"],
    }),
  );
  execFileSync(process.execPath, [
    join(ROOT, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    join(OUT, "tsconfig.json"),
  ]);
  dir = mkdtempSync(join(tmpdir(), "voice-emulator-cli-"));
}, 120_000);
afterAll(() => {
  // a failed test may leave its emulator running: stop only the ones this file started
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: string;
  url: string;
}

function run(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: "pipe" });
  children.push(child);
  return new Promise((resolvePromise, reject) => {
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
      const match = /listening on (http:\/\/\S+)\n[\s\S]*Product-ID:.*\n/.exec(stdout);
      if (match?.[1]) resolvePromise({ child, stdout, url: match[1] });
    });
    child.on("exit", (code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
}

function exitOf(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolvePromise) => {
    child.on("exit", (code) => resolvePromise(code));
    child.kill(signal);
  });
}

describe("CLI", () => {
  it("prints its URLs and credentials, serves the API, and exits 0 on SIGTERM", async () => {
    const { child, stdout, url } = await run(["--port", "0", "--token", "cli-token"]);
    expect(stdout).toMatch(/^Voice platform emulator listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(stdout).toContain(`  API:          ${url}/api/v2/platform/\n`);
    expect(stdout).toContain("  Org-Handle:   acme\n");
    expect(stdout).toContain("  Token:        cli-token\n");
    expect(stdout).toContain("  Product-ID:   voice-ai\n");
    const res = await request(`${url}/api/v2/platform/organizations/`, {
      headers: { authorization: "Token cli-token" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBe("600");
    await res.body.dump();
    expect(await exitOf(child, "SIGTERM")).toBe(0);
  });

  it("saves the state file on SIGINT and loads it at the next start", async () => {
    const file = join(dir, "state.json");
    const first = await run(["--port", "0", "--state-file", file, "--rate-limit", "50"]);
    expect(first.stdout).toContain(`State file:   ${file}`);
    const created = await request(`${first.url}/api/v2/platform/telephony/bridges/`, {
      method: "POST",
      headers: {
        authorization: "Token emulator-token",
        "org-handle": "acme",
        "content-type": "application/json",
      },
      body: JSON.stringify({ name: "Persisted", slug: "persisted" }),
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["x-ratelimit-limit"]).toBe("50");
    await created.body.dump();
    expect(await exitOf(first.child, "SIGINT")).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).bridges[0].slug).toBe("persisted");

    const second = await run(["--port", "0", "--state-file", file]);
    const res = await request(`${second.url}/api/v2/platform/telephony/bridges/persisted/`, {
      headers: { authorization: "Token emulator-token", "org-handle": "acme" },
    });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { data: { name: string } }).data.name).toBe("Persisted");
    expect(await exitOf(second.child, "SIGTERM")).toBe(0);
  });

  it.each([[["--port", "abc"]], [["--rate-limit", "0"]], [["--unknown"]]])(
    "exits 2 with a message for %j",
    (args) => {
      let status: number | null = null;
      let stderr = "";
      try {
        execFileSync(process.execPath, [CLI, ...args], { stdio: "pipe" });
      } catch (e) {
        const failed = e as { status: number | null; stderr: Buffer };
        status = failed.status;
        stderr = failed.stderr.toString();
      }
      expect(status).toBe(2);
      expect(stderr).toContain("Usage:");
    },
  );
});
