import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCli, ROOT } from "../fixtures/cli-build";
import { limitFor } from "../fixtures/limits";

let CLI: string;
const children: ChildProcessWithoutNullStreams[] = [];
beforeAll(
  () => {
    CLI = buildCli();
  },
  limitFor(0, 1),
);
afterAll(() => {
  // stop only what this file started, if a failed test left it running
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8" });

describe("pulumi-voice-platform", () => {
  it("--help lists the commands on stdout and exits 0", () => {
    for (const flag of ["--help", "-h"]) {
      const { status, stdout, stderr } = cli(flag);
      expect(status).toBe(0);
      expect(stderr).toBe("");
      expect(stdout).toMatch(/^Usage: pulumi-voice-platform <command> \[options\]\n/);
      expect(stdout).toMatch(/\n {2}emulator {2}Run the local platform emulator/);
      expect(stdout).toMatch(/\n {2}export +Write a Pulumi project that takes over an existing organization/);
    }
  });

  it("no command: the usage on stderr and exit 2", () => {
    const { status, stdout, stderr } = cli();
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^pulumi-voice-platform: a command is required\n\nUsage: /);
  });

  it.each([["exporter"], ["--port"], ["constructor"]])(
    "unknown command %s: the usage on stderr and exit 2",
    (name) => {
      const { status, stderr } = cli(name, "--x");
      expect(status).toBe(2);
      expect(stderr).toContain(`pulumi-voice-platform: unknown command '${name}'\n\nUsage: `);
    },
  );

  it.each([["emulator"], ["export"], ["report"], ["fleet"], ["recover"]])(
    "%s with a bad option: the error and where the options are, in two lines, exit 2",
    (command) => {
      const { status, stdout, stderr } = cli(command, "--no-such-option");
      expect(status).toBe(2);
      expect(stdout).toBe("");
      const lines = stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^pulumi-voice-platform ${command}: .*--no-such-option`));
      expect(lines[1]).toBe(`Run 'pulumi-voice-platform ${command} --help' for its options.`);
    },
  );

  it("--version prints the package's version", () => {
    const { status, stdout } = cli("--version");
    expect(status).toBe(0);
    expect(stdout).toBe(`${JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version}\n`);
  });

  it("emulator --port 0 prints the banner with a URL that serves the API, and SIGTERM stops it with 0", async () => {
    const child = spawn(process.execPath, [CLI, "emulator", "--port", "0"], { stdio: "pipe" });
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const banner = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (/Playbook:.*\n/.test(out)) resolve(out);
      });
      child.on("exit", (code) => reject(new Error(`exited ${code} before its banner`)));
    });
    const url = /^Voice platform emulator listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(banner)?.[1];
    const chat = /Chat API: {5}(http:\/\/127\.0\.0\.1:\d+)\//.exec(banner)?.[1];
    expect(url).toBeDefined();
    expect(chat).toBeDefined();
    expect(banner).toBe(
      [
        `Voice platform emulator listening on ${url}`,
        `  API:          ${url}/api/v2/platform/`,
        "  Org-Handle:   acme",
        "  Token:        emulator-token",
        "  Product-ID:   voice-ai",
        `  Chat API:     ${chat}/v1/chat/completions`,
        "  Endpoint key: emulator-endpoint-key",
        "  Playbook:     public:callback-assistant",
        "",
      ].join("\n"),
    );
    const res = await request(`${url}/api/v2/platform/organizations/`, {
      headers: { authorization: "Token emulator-token" },
    });
    expect(res.statusCode).toBe(200);
    expect(
      ((await res.body.json()) as { data: { domain_handle: string }[] }).data.map((o) => o.domain_handle),
    ).toEqual(["acme", "globex"]);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
