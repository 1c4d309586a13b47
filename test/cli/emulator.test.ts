import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli } from "../fixtures/cli-build";
import { limitFor } from "../fixtures/limits";

let CLI: string;
let dir: string;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(
  () => {
    CLI = buildCli();
    dir = mkdtempSync(join(tmpdir(), "voice-emulator-cli-"));
  },
  limitFor(0, 1),
);
afterAll(() => {
  // a failed test may leave its emulator running: stop only the ones this file started
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: string;
  /** Everything on stderr so far (it keeps growing after the banner). */
  stderr(): string;
  url: string;
}

/** `pulumi-voice-platform emulator <args>`, resolved once the banner is out. */
function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Running> {
  const child = spawn(process.execPath, [CLI, "emulator", ...args], { stdio: "pipe", env });
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
      if (match?.[1]) resolvePromise({ child, stdout, stderr: () => stderr, url: match[1] });
    });
    child.on("exit", (code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
}

/** Wait until `ready()` holds (polled), failing after a generous bound. */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function exitOf(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolvePromise) => {
    child.on("exit", (code) => resolvePromise(code));
    child.kill(signal);
  });
}

describe("pulumi-voice-platform emulator", () => {
  it("prints its URLs and credentials, serves the API, and exits 0 on SIGTERM", async () => {
    const { child, stdout, stderr, url } = await run(["--port", "0", "--token", "cli-token"]);
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
    expect(stderr()).toBe(""); // loopback: no warning
    expect(await exitOf(child, "SIGTERM")).toBe(0);
  });

  it("prints the banner the README shows, ports aside", async () => {
    const running = await run(["--port", "0"]);
    let out = running.stdout;
    running.child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    await until(() => out.includes("Playbook:"), "the whole banner");
    const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
    const shown = /```\n(Voice platform emulator listening on [\s\S]*?)```/.exec(readme)?.[1];
    const ports = (text: string) => text.replace(/:\d+\//g, ":PORT/").replace(/:\d+\n/g, ":PORT\n");
    expect(ports(out)).toBe(ports(shown ?? "the README shows no banner"));
    running.child.kill("SIGKILL");
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

  it.each([
    [["--port", "abc"]],
    [["--rate-limit", "0"]],
    [["--request-timeout", "x"]],
    [["--admin-token", ""]],
    [["--allowed-host", "voice test"]],
    [["--unknown"]],
    [["stray"]],
    [["--organizations", "0"]],
    [["--organizations", "10001"]],
    [["--organizations", "3", "--numbers-per-organization", "x"]],
    [["--numbers-per-organization", "5"]],
    [["--traffic", "0"]],
    [["--traffic", "many"]],
  ])("exits 2 with a message for %j", (args) => {
    let status: number | null = null;
    let stderr = "";
    try {
      execFileSync(process.execPath, [CLI, "emulator", ...args], { stdio: "pipe" });
    } catch (e) {
      const failed = e as { status: number | null; stderr: Buffer };
      status = failed.status;
      stderr = failed.stderr.toString();
    }
    expect(status).toBe(2);
    expect(stderr).toMatch(
      /^pulumi-voice-platform emulator: .+\nRun 'pulumi-voice-platform emulator --help' for its options\.\n$/,
    );
  });

  it("--organizations: a fleet the token may use, named in the banner", async () => {
    const running = await run(["--port", "0", "--organizations", "3", "--numbers-per-organization", "5"]);
    let out = running.stdout;
    running.child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    await until(() => out.includes("Fleet:"), "the fleet's line");
    expect(out).toContain("\n  Fleet:        org-001 … org-003 (3 organizations, 5 numbers each)\n");
    const headers = { authorization: "Token emulator-token" };
    const orgs = await request(`${running.url}/api/v2/platform/organizations/`, { headers });
    const body = (await orgs.body.json()) as { data: { domain_handle: string }[] };
    expect(body.data.map((o) => o.domain_handle)).toEqual([
      "acme",
      "globex",
      "org-001",
      "org-002",
      "org-003",
    ]);
    const overview = await request(`${running.url}/api/v2/platform/telephony/overview/`, {
      headers: { ...headers, "org-handle": "org-003" },
    });
    expect(((await overview.body.json()) as { count: number }).count).toBe(5);
    expect(await exitOf(running.child, "SIGTERM")).toBe(0);
  });

  it("--traffic: generated calls for acme at start, named in the banner, the same again after a reset", async () => {
    const running = await run(["--port", "0", "--traffic", "250"]);
    let out = running.stdout;
    running.child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    await until(() => out.includes("Traffic:"), "the traffic's line");
    expect(out).toMatch(
      /\n {2}Traffic: {6}250 calls for acme over the 14 days to \d{4}-\d\d-\d\dT[\d:.]+Z \(seed 1\)\n/,
    );
    const cdrs = async () => {
      const res = await request(`${running.url}/api/v2/platform/cdr/?page=13&page_size=20`, {
        headers: { authorization: "Token emulator-token", "org-handle": "acme" },
      });
      return (await res.body.json()) as { count: number; data: { id: number }[] };
    };
    const before = await cdrs();
    expect(before.count).toBe(255);
    expect(before.data.map((c) => c.id)).toEqual(Array.from({ length: 15 }, (_, i) => 242 + i));
    await (await request(`${running.url}/_emulator/reset`, { method: "POST" })).body.dump();
    expect(await cdrs()).toEqual(before);
    expect(await exitOf(running.child, "SIGTERM")).toBe(0);
  });

  it("answers only its own Host names, and those --allowed-host adds (repeatable)", async () => {
    const { child, url } = await run([
      "--port",
      "0",
      "--allowed-host",
      "voice.test",
      "--allowed-host",
      "b.test:9",
    ]);
    const port = new URL(url).port;
    const status = async (host: string) => {
      const res = await request(`${url}/_emulator/state`, { headers: { host } });
      await res.body.dump();
      return { host, status: res.statusCode };
    };
    for (const host of [`localhost:${port}`, `voice.test:${port}`, "b.test:9"]) {
      expect(await status(host)).toEqual({ host, status: 200 });
    }
    for (const host of [`evil.example:${port}`, `b.test:${port}`]) {
      expect(await status(host)).toEqual({ host, status: 421 });
    }
    expect(await exitOf(child, "SIGTERM")).toBe(0);
  });

  it("--help prints its usage and exits 0", () => {
    const out = execFileSync(process.execPath, [CLI, "emulator", "--help"]).toString();
    expect(out).toMatch(/^Usage: pulumi-voice-platform emulator \[--port 8787\]/);
    expect(out).toContain("--admin-token");
    expect(out).toContain("--allowed-host");
  });

  it("a port in use: a message and exit 2", async () => {
    const first = await run(["--port", "0"]);
    const port = new URL(first.url).port;
    let status: number | null = null;
    let stderr = "";
    try {
      execFileSync(process.execPath, [CLI, "emulator", "--port", port], { stdio: "pipe" });
    } catch (e) {
      const failed = e as { status: number | null; stderr: Buffer };
      status = failed.status;
      stderr = failed.stderr.toString();
    }
    expect(status).toBe(2);
    expect(stderr).toContain("EADDRINUSE");
    expect(await exitOf(first.child, "SIGTERM")).toBe(0);
  });

  it("warns when listening beyond loopback; the admin token (from the environment) guards the admin surface", async () => {
    const { child, stderr, url } = await run(["--port", "0", "--host", "0.0.0.0"], {
      ...process.env,
      VOICE_EMULATOR_ADMIN_TOKEN: "env-admin",
    });
    await until(() => stderr().includes("warning"), "the warning");
    expect(stderr()).toBe(
      "pulumi-voice-platform emulator: warning: listening on 0.0.0.0, so the platform API is reachable from the " +
        "network (with its token); the admin surface (/_emulator/) requires the admin token from every client.\n",
    );
    const port = new URL(url).port;
    const local = `http://127.0.0.1:${port}/_emulator/state`;
    const denied = await request(local);
    expect(denied.statusCode).toBe(401);
    await denied.body.dump();
    const allowed = await request(local, { headers: { authorization: "Bearer env-admin" } });
    expect(allowed.statusCode).toBe(200);
    await allowed.body.dump();
    expect(await exitOf(child, "SIGTERM")).toBe(0);
  });
});
