// The seams of a provider plugin shared by a fleet lane's stacks, where the engine adds nothing: the
// built plugin (bin/, over dist/) started by the lane's SharedPlugin and driven over gRPC as an engine
// that attaches to it (PULUMI_DEBUG_PROVIDERS) drives it: Attach with the engine's address, then
// CheckConfig, Configure and calls. Each engine run here is a new address, as each stack's engine is,
// and each provider instance of a run its own connection, as the engine dials one per provider.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEBUG_PROVIDERS_ENV, SharedPlugin } from "../../../cli/fleet/shared-plugin";
import { VoiceClient } from "../../../sdk";
import { useEmulator } from "../../fixtures/emulator";
import { repoRoot } from "../../fixtures/engine";
import { until } from "../../fixtures/fleet";

const EXECUTABLE = path.join(repoRoot, "bin", "pulumi-resource-voice");
const emu = useEmulator({}, { reset: false });

/** One provider instance of an engine run: a connection of its own, attached with the run's address. */
class EngineRun {
  readonly #client: provrpc.ResourceProviderClient;

  constructor(
    readonly port: number,
    readonly address: string,
  ) {
    // Its own connection, as the engine dials the plugin once per provider (grpc-js would share one).
    this.#client = new provrpc.ResourceProviderClient(
      `127.0.0.1:${port}`,
      grpc.credentials.createInsecure(),
      {
        "grpc.use_local_subchannel_pool": 1,
      },
    );
  }

  /** Another provider instance of the same engine run: a second connection, attached alike. */
  async another(): Promise<EngineRun> {
    const other = new EngineRun(this.port, this.address);
    await other.attach();
    return other;
  }

  /** One unary call, its callback as a promise. */
  #call<Resp>(send: (cb: (err: grpc.ServiceError | null, resp: Resp) => void) => unknown): Promise<Resp> {
    return new Promise((resolve, reject) => send((err, resp) => (err ? reject(err) : resolve(resp))));
  }

  attach(): Promise<unknown> {
    const req = new plugproto.PluginAttach();
    req.setAddress(this.address);
    return this.#call((cb) => this.#client.attach(req, cb));
  }

  /** CheckConfig then Configure of a provider (`default`, or an explicit one's name) for `org`; the check's failures. */
  async configure(org: string, name = "default"): Promise<string[]> {
    const news = { baseUrl: emu.url, token: emu.token, orgHandle: org, retryBaseDelayMs: "5" };
    const check = new provproto.CheckRequest();
    check.setUrn(`urn:pulumi:s::p::pulumi:providers:voice::${name}`);
    check.setName(name);
    check.setType("pulumi:providers:voice");
    check.setNews(Struct.fromJavaScript(news));
    const checked = await this.#call<provproto.CheckResponse>((cb) => this.#client.checkConfig(check, cb));
    const failures = checked.getFailuresList().map((f) => f.getReason());
    if (failures.length > 0) return failures;
    const req = new provproto.ConfigureRequest();
    req.setArgs(Struct.fromJavaScript(news));
    await this.#call((cb) => this.#client.configure(req, cb));
    return [];
  }

  /** The configured organization's bridges (the getBridges invoke), by slug. */
  async bridges(): Promise<string[]> {
    const req = new provproto.InvokeRequest();
    req.setTok("voice:index:getBridges");
    req.setArgs(Struct.fromJavaScript({}));
    const resp = await this.#call<provproto.InvokeResponse>((cb) => this.#client.invoke(req, cb));
    const items = (resp.getReturn()?.toJavaScript().items ?? []) as { slug: string }[];
    return items.map((b) => b.slug).sort();
  }

  /** Reads the bridge `slug` (its id) as the engine's refresh does: its slug, or undefined when the organization has none such. */
  async readBridge(slug: string): Promise<string | undefined> {
    const req = new provproto.ReadRequest();
    req.setId(slug);
    req.setUrn(`urn:pulumi:s::p::voice:index:Bridge::${slug}`);
    const resp = await this.#call<provproto.ReadResponse>((cb) => this.#client.read(req, cb));
    return resp.getId() === "" ? undefined : String(resp.getProperties()?.toJavaScript().slug);
  }

  cancel(): Promise<unknown> {
    return this.#call((cb) => this.#client.cancel(new Empty(), cb));
  }

  close(): void {
    this.#client.close();
  }
}

describe("a provider plugin shared by a fleet lane's stacks", () => {
  let dir: string;
  let laneLog: string;
  let plugin: SharedPlugin;
  let runs = 0;
  /** A new engine run on the lane's plugin (started again if it ended). */
  const nextRun = async (): Promise<EngineRun> => {
    const env = await plugin.envFor(EXECUTABLE, undefined);
    const port = Number((env[DEBUG_PROVIDERS_ENV] ?? "").replace(/^voice:/, ""));
    runs += 1;
    const run = new EngineRun(port, `127.0.0.1:${40000 + runs}`);
    await run.attach();
    return run;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "pulumi-voice-shared-plugin-"));
    laneLog = path.join(dir, "lane.requests");
    plugin = new SharedPlugin(laneLog);
    const acme = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: "acme" });
    const globex = new VoiceClient({ baseUrl: emu.url, token: emu.token, orgHandle: "globex" });
    await acme.bridges.create({ name: "Acme only", slug: "acme-only" });
    await globex.bridges.create({ name: "Globex only", slug: "globex-only" });
  });
  afterAll(async () => {
    await plugin.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves each stack's organization, and asks the platform afresh for each (nothing cached from the run before)", async () => {
    const stackLogs = [
      path.join(dir, "a.requests"),
      path.join(dir, "b.requests"),
      path.join(dir, "c.requests"),
    ];
    const serve = async (org: string, log: string) => {
      await writeFile(log, "");
      await plugin.begin();
      const run = await nextRun();
      expect(await run.configure(org)).toEqual([]);
      const bridges = await run.bridges();
      run.close();
      await plugin.collect(log);
      return bridges;
    };
    const [a, b, c] = stackLogs as [string, string, string];
    const acme = await serve("acme", a);
    expect(acme).toContain("acme-only");
    expect(acme).not.toContain("globex-only");
    // The same organization again: its organization guard and list are asked again, as a new process would.
    expect(await serve("acme", b)).toEqual(acme);
    const [first, second] = await Promise.all([readFile(a, "utf8"), readFile(b, "utf8")]);
    expect(first.trim().split("\n").length).toBeGreaterThanOrEqual(2);
    expect(second).toBe(first);
    const globex = await serve("globex", c);
    expect(globex).toContain("globex-only");
    expect(globex).not.toContain("acme-only");
    // Each stack's requests went to its own log; the lane's holds nothing left over.
    expect(await readFile(laneLog, "utf8")).toBe("");
  });

  it("serves each provider of one stack (each its own connection) with its own organization", async () => {
    const acme = await nextRun();
    const globex = await acme.another();
    // The default provider for one organization, an explicit one for another, as a stack declares them.
    expect(await acme.configure("acme")).toEqual([]);
    expect(await globex.configure("globex", "other")).toEqual([]);
    // Interleaved, as the engine's steps are: each call is served with its connection's context.
    const [acmeBridges, globexBridges, acmeRead, globexRead] = await Promise.all([
      acme.bridges(),
      globex.bridges(),
      acme.readBridge("acme-only"),
      globex.readBridge("globex-only"),
    ]);
    expect(acmeBridges).toContain("acme-only");
    expect(acmeBridges).not.toContain("globex-only");
    expect(globexBridges).toContain("globex-only");
    expect(globexBridges).not.toContain("acme-only");
    expect([acmeRead, globexRead]).toEqual(["acme-only", "globex-only"]);
    // A bridge of the other organization is refused through this one's connection, naming both.
    await expect(acme.readBridge("globex-only")).rejects.toThrow(
      /not in organization "acme".*in organization "globex"/,
    );
    acme.close();
    globex.close();
  });

  it("serves the next stack after a Cancel", async () => {
    const run = await nextRun();
    expect(await run.configure("acme")).toEqual([]);
    await run.cancel();
    run.close();
    const next = await nextRun();
    expect(await next.configure("globex")).toEqual([]);
    expect(await next.bridges()).toContain("globex-only");
    next.close();
  });

  it("says how a plugin that died ended, and starts another for the next stack", async () => {
    const run = await nextRun();
    expect(await run.configure("acme")).toEqual([]);
    const pid = plugin.pid;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid as number, "SIGKILL");
    await expect(run.bridges()).rejects.toThrow();
    await until(() => plugin.ended !== undefined, 10_000, "the plugin's end to be seen");
    expect(plugin.ended).toMatch(/signal SIGKILL/);
    run.close();
    const next = await nextRun();
    expect(plugin.pid).not.toBe(pid);
    expect(await next.configure("acme")).toEqual([]);
    expect(await next.bridges()).toContain("acme-only");
    next.close();
  });
});
