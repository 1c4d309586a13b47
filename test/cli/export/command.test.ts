// The `export` command as a user runs it: the compiled CLI in a child process against an emulator over HTTP.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VoiceClient } from "../../../sdk";
import { buildCli, ROOT } from "../../fixtures/cli-build";
import { useEmulator } from "../../fixtures/emulator";
import { limitFor } from "../../fixtures/limits";

let CLI: string;
let dir: string;
const emu = useEmulator({}, { reset: false });

beforeAll(
  async () => {
    CLI = buildCli();
    dir = await mkdtemp(path.join(tmpdir(), "pulumi-voice-export-cli-"));
    const c = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
    const twilio = await c.providerConfigurations.create({
      provider: "twilio",
      account_sid: "AC00000000000000000000000000000001",
      auth_token: "twilio-secret",
    });
    await c.bridges.create({ name: "Support US", slug: "support-us" });
    await c.bridges.create({ name: "Sales", slug: "sales" });
    await c.bridges.connectProvider("support-us", {
      provider_config_id: twilio.id,
      phone_number: "+14155550100",
    });
    await c.bridges.connectProvider("sales", { provider_config_id: twilio.id, phone_number: "+14155550101" });
    await c.trunks.create({
      name: "Edge",
      sip_url: "sip.acme.example",
      auth_username: "u",
      auth_password: "sip-secret",
    });
  },
  limitFor(0, 1),
);
afterAll(() => rm(dir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = { VOICE_TOKEN: emu.token }) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, "export", ...args], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
  });
}
const at = (name: string) => [
  "--out",
  path.join(dir, name),
  "--base-url",
  emu.url,
  "--org-handle",
  emu.orgHandle,
];

describe("pulumi-voice-platform export", () => {
  it("writes the project, prints the config lines on stdout and progress on stderr, never the token", async () => {
    const before = (await emu.admin.requests()).length;
    const r = await cli(at("ts"));
    expect(r.stderr).toMatch(/read 1 provider configurations/);
    // Sets by default: the count line lists what is declared, not the other form's kind.
    expect(r.stderr).toMatch(
      /wrote .*index\.ts.*: 1 configuration\(s\), 2 bridge\(s\), 2 number-set\(s\), 1 trunk\(s\)\n/,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("pulumi config set --secret --stack acme twilioAuthToken");
    expect(r.stdout).toContain("pulumi config set --secret --stack acme edgeSipPassword");
    for (const text of [r.stdout, r.stderr]) expect(text).not.toContain(emu.token);
    const files = (await readdir(path.join(dir, "ts"))).sort();
    expect(files).toEqual([
      ".gitignore",
      "Pulumi.acme.yaml",
      "Pulumi.yaml",
      "README.md",
      "index.ts",
      "package.json",
      "tsconfig.json",
    ]);
    for (const f of files) {
      const text = await readFile(path.join(dir, "ts", f), "utf8");
      for (const secret of [emu.token, "twilio-secret", "sip-secret"]) expect(text).not.toContain(secret);
    }
    expect(await readFile(path.join(dir, "ts", "Pulumi.acme.yaml"), "utf8")).toBe(
      `config:\n  voice:baseUrl: "${emu.url}"\n  voice:orgHandle: "acme"\n`,
    );
    // The program's heap is kept lean from its start, through the type-check of its numbers.
    expect(await readFile(path.join(dir, "ts", "Pulumi.yaml"), "utf8")).toContain(
      '    typescript: true\n    nodeargs: "--max-semi-space-size=4 --heap-growing-percent=10"\n',
    );
    const readme = await readFile(path.join(dir, "ts", "README.md"), "utf8");
    expect(readme).toContain("pulumi config set --secret --stack acme twilioAuthToken");
    const pkg = JSON.parse(await readFile(path.join(dir, "ts", "package.json"), "utf8"));
    // Run from this checkout (not on the registry): the package is the checkout itself, which npm installs
    // as it is, so the printed steps need no --package-spec.
    expect(pkg.dependencies["pulumi-voice-platform"]).toBe(`file:${ROOT}`);
    expect(r.stdout).toMatch(/^cd \S+\nnpm install\npulumi stack init acme\n/);
    const requests = (await emu.admin.requests()).slice(before);
    expect(requests.every((q) => q.method === "GET")).toBe(true);
  });

  it("declares each bridge's numbers as one set, or with --per-link one resource per link: never both", async () => {
    expect((await cli(at("sets"))).status).toBe(0);
    const sets = await readFile(path.join(dir, "sets", "index.ts"), "utf8");
    expect(sets).toContain('new voice.BridgeNumbers("support-us", {\n  bridgeSlug: supportUs.slug,');
    expect(sets).toContain(
      '  bridgeSlug: sales.slug,\n  numbers: [\n    "+14155550101",\n' +
        "  ].map((phoneNumber) => ({ phoneNumber, providerConfigurationId: twilio.configurationId })),",
    );
    expect(sets).not.toContain("voice.BridgeNumber(");
    const r = await cli([...at("per-link"), "--per-link"]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/: 1 configuration\(s\), 2 bridge\(s\), 2 link\(s\), 1 trunk\(s\)\n/);
    const links = await readFile(path.join(dir, "per-link", "index.ts"), "utf8");
    expect(links).toContain("new voice.BridgeNumber(phoneNumber, {");
    expect(links).not.toContain("BridgeNumbers");
    expect(await readFile(path.join(dir, "per-link", "README.md"), "utf8")).toContain(
      "1 provider configuration(s), 2 bridge(s), 2 linked number(s), 1 SIP trunk(s).",
    );
  });

  it("--force rewrites the project but keeps an existing stack config file (it holds the user's secrets)", async () => {
    expect((await cli(at("forced"))).status).toBe(0);
    const stackFile = path.join(dir, "forced", "Pulumi.acme.yaml");
    await writeFile(stackFile, "config:\n  acme-telephony:twilioAuthToken:\n    secure: v1:abc\n");
    const r = await cli([...at("forced"), "--force"]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain("note: Pulumi.acme.yaml exists and was kept");
    expect(await readFile(stackFile, "utf8")).toContain("secure: v1:abc");
  });

  it("--include/--exclude combine; a link or a set of an excluded bridge is left out and the export says so", async () => {
    const sets = await cli([
      ...at("filtered-sets"),
      ...["--include", "bridge:support-*", "--include", "sets", "--exclude", "trunk"],
    ]);
    expect(sets.stderr).toContain(
      'note: 1 number-set(s) of bridge "sales" left out: the bridge is not exported',
    );
    const r = await cli([
      ...at("filtered"),
      "--per-link",
      "--include",
      "bridge:support-*",
      "--include",
      "link:+1415*",
      "--exclude",
      "trunk",
    ]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('note: 1 link(s) of bridge "sales" left out: the bridge is not exported');
    const program = await readFile(path.join(dir, "filtered", "index.ts"), "utf8");
    expect(program).toContain('new voice.Bridge("support-us"');
    expect(program).not.toContain('"sales"');
    expect(program).not.toContain("SipTrunk(");
    expect(program).toContain('"+14155550100"');
  });

  it("--language yaml writes the native program taking over by adopt, and an import file", async () => {
    const r = await cli([...at("yaml-adopt"), "--language", "yaml"]);
    expect(r.status).toBe(0);
    // No --plugin-path: the steps install the plugin from the release first.
    expect(r.stdout).toMatch(
      /\npulumi plugin install resource voice \S+ --file pulumi-resource-voice-v\S+\.tar\.gz\npulumi stack init acme\n/,
    );
    const project = await readFile(path.join(dir, "yaml-adopt", "Pulumi.yaml"), "utf8");
    expect(project.match(/ {6}adopt: true/g)).toHaveLength(6);
    expect(project).not.toContain("import:");
    expect(await readdir(path.join(dir, "yaml-adopt"))).toContain("import.json");
  });

  it("--language yaml --take-over import writes the import option with each resource's id", async () => {
    const r = await cli([
      ...at("yaml"),
      "--language",
      "yaml",
      "--take-over",
      "import",
      "--plugin-path",
      "/opt/voice/bin",
    ]);
    expect(r.status).toBe(0);
    const project = await readFile(path.join(dir, "yaml", "Pulumi.yaml"), "utf8");
    expect(project).toContain("runtime: yaml");
    expect(project).toContain('      path: "/opt/voice/bin"');
    expect(project).toContain('    type: voice:index:Bridge\n    name: "support-us"');
    expect(project).toContain('      import: "support-us"');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal "${" the export must keep from interpolation
    expect(project).toContain("      bridgeSlug: ${supportUs.slug}");
    const imports = JSON.parse(await readFile(path.join(dir, "yaml", "import.json"), "utf8"));
    expect(project).toContain(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal "${" the export must keep from interpolation
      '      numbers:\n        - phoneNumber: "+14155550100"\n          providerConfigurationId: ${twilio.configurationId}\n',
    );
    expect(imports.resources).toContainEqual({
      type: "voice:index:BridgeNumbers",
      name: "supportUsNumbers",
      id: "support-us",
      logicalName: "support-us",
    });
    expect(await readdir(path.join(dir, "yaml"))).not.toContain("package.json");
  });

  it("refuses misuse with exit 2: no --out, a non-empty --out, a bad filter, a bad project name, no token", async () => {
    expect((await cli(["--base-url", emu.url])).stderr).toContain("export: --out <dir> is required");
    await writeFile(path.join(dir, "occupied"), "");
    const busy = await cli(["--out", dir, "--base-url", emu.url, "--org-handle", "acme"]);
    expect(busy.status).toBe(2);
    expect(busy.stderr).toMatch(/is not empty \(use --force/);
    const bad = await cli([...at("bad"), "--include", "widget:x"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("unknown kind 'widget'");
    const project = await cli([...at("bad-project"), "--project", "deals $$ today"]);
    expect(project.status).toBe(2);
    expect(project.stderr).toContain(
      '--project "deals $$ today" is not a Pulumi project name (1 to 100 letters, digits, _ . -)',
    );
    const noToken = await cli(at("no-token"), { VOICE_TOKEN: "" });
    expect(noToken.status).not.toBe(0);
    // The advice names what export reads (its options and the environment), never a stack's config.
    expect(noToken.stderr).toContain("VOICE_TOKEN is not set: set VOICE_TOKEN");
    expect(noToken.stderr).not.toContain("pulumi config set");
    const remote = await cli([
      "--out",
      path.join(dir, "remote"),
      "--base-url",
      "http://api.example.com",
      "--org-handle",
      "acme",
    ]);
    expect(remote.status).toBe(2);
    expect(remote.stderr).toContain(
      "--base-url must use https: (plain http: only for localhost, 127.0.0.0/8 and [::1]): pass --base-url <value> or set VOICE_BASE_URL",
    );
  });

  it("a token the platform refuses fails naming what to fix, without printing it", async () => {
    const r = await cli(at("refused"), { VOICE_TOKEN: "wrong-token-123" });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/refused VOICE_TOKEN .*: set VOICE_TOKEN with a valid token/);
    expect(r.stderr).not.toContain("wrong-token-123");
  });

  // Runs last: it adds records the tests above do not expect.
  it("a record holding an unpaired surrogate is left out with a note naming it and the field; the rest is written", async () => {
    const c = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: emu.orgHandle });
    const [twilio] = (await c.providerConfigurations.list()).data;
    await c.bridges.create({ name: "Odd \ud800 line", slug: "odd" });
    await c.bridges.connectProvider("odd", {
      provider_config_id: twilio?.id ?? 0,
      phone_number: "+14155550102",
    });
    await c.trunks.create({ name: "Edge \udfff", sip_url: "sip.odd.example" });
    for (const language of ["yaml", "typescript"]) {
      const r = await cli([...at(`odd-${language}`), "--language", language]);
      expect(r.status).toBe(0);
      expect(r.stderr).toContain(
        'note: bridge "odd" left out: its name has an unpaired surrogate (U+D800) at character 5, which no Pulumi program can hold: rename it on the platform and export again',
      );
      expect(r.stderr).toMatch(
        /note: trunk \d+ \("Edge \\udfff"\) left out: its name has an unpaired surrogate \(U\+DFFF\) at character 6/,
      );
      expect(r.stderr).toContain('note: number set of "odd" left out: its bridge "odd" is left out');
      const program = await readFile(
        path.join(dir, `odd-${language}`, language === "yaml" ? "Pulumi.yaml" : "index.ts"),
        "utf8",
      );
      expect(program).not.toMatch(/odd|\\ud|[\ud800-\udfff]/i);
      expect(program).toContain("support-us");
      const readme = await readFile(path.join(dir, `odd-${language}`, "README.md"), "utf8");
      expect(readme).toContain('- bridge "odd" left out: its name has an unpaired surrogate');
    }
  });
});
