import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { VoiceClient, type VoiceClientOptions } from "../../sdk";
import type { TestEmulator } from "../fixtures/emulator";

/** A logger that keeps every call, to assert on what the SDK logs. */
export function recordingLogger() {
  const calls: { level: "debug" | "warn"; msg: string; meta: unknown }[] = [];
  return {
    calls,
    debug: (msg: string, meta?: object) => calls.push({ level: "debug", msg, meta }),
    warn: (msg: string, meta?: object) => calls.push({ level: "warn", msg, meta }),
    /** Everything logged, as one string (for "never contains" assertions). */
    text: () => calls.map((c) => `${c.msg} ${JSON.stringify(c.meta)}`).join("\n"),
  };
}

/** A client of the emulator's acme organization with retry delays of a few ms. */
export function clientFor(emu: TestEmulator, overrides: Partial<VoiceClientOptions> = {}): VoiceClient {
  return new VoiceClient({
    baseUrl: emu.url,
    token: emu.token,
    orgHandle: emu.orgHandle,
    productId: emu.productId,
    retryBaseDelayMs: 2,
    retryMaxDelayMs: 20,
    maxRetryAfterMs: 2_000,
    timeoutMs: 5_000,
    ...overrides,
  });
}

/** A throwaway loopback HTTP server for answers the emulator never gives (bad bodies, odd headers). */
export async function localServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = await localServer(() => {});
  const port = Number(new URL(s.url).port);
  await s.close();
  return port;
}

/** Answers `body` as JSON with `status`. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Resolves to what `p` rejects with (fails if it resolves). */
export async function rejectionOf(p: PromiseLike<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection, but it resolved");
}

/** Polls `probe` until it returns true (the emulator logs a request only once it has handled it). */
export async function eventually(probe: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
