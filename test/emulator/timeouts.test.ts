import { connect } from "node:net";
import { request } from "undici";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../fixtures/emulator";

const TIMEOUT_MS = 300;
const emu = useEmulator({ requestTimeoutMs: TIMEOUT_MS });

/** Send `raw` on a fresh connection and collect what the server sends until it closes the socket. */
function sendStuck(raw: string, bound: number): Promise<{ closed: boolean; received: string }> {
  const { hostname, port } = new URL(emu.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let received = "";
    socket.on("data", (d: Buffer) => {
      received += d.toString();
    });
    socket.on("error", reject);
    // A generous bound (10x the configured timeout): the point is that it closes, not when.
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closed: false, received });
    }, bound);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ closed: true, received });
    });
  });
}

describe("request timeouts", () => {
  it("a body that never finishes is answered 408 and the connection closed", async () => {
    const head = [
      "POST /api/v2/platform/telephony/bridges/ HTTP/1.1",
      `Host: ${new URL(emu.url).host}`,
      `Authorization: Token ${emu.token}`,
      `Org-Handle: ${emu.orgHandle}`,
      "Content-Type: application/json",
      "Content-Length: 100",
    ].join("\r\n");
    const { closed, received } = await sendStuck(`${head}\r\n\r\n{"name":"x"`, TIMEOUT_MS * 10);
    expect(closed).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect((await emu.admin.state()).bridges).toEqual([]);
  });

  it("headers that never finish are cut the same way", async () => {
    const { closed } = await sendStuck(
      "GET /api/v2/platform/organizations/ HTTP/1.1\r\nHost: x\r\n",
      TIMEOUT_MS * 10,
    );
    expect(closed).toBe(true);
  });

  it("only receiving is timed: an answer delayed by latency longer than the timeout still arrives", async () => {
    await emu.admin.addFault({ kind: "latency", ms: TIMEOUT_MS * 3 });
    const res = await request(`${emu.apiUrl}/organizations/`, {
      headers: { authorization: `Token ${emu.token}` },
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
  });
});
