// The emulator's own round trip for a link write, the scale a move's gap is read against: a spare
// number connected to a bridge and disconnected again, one request at a time, from this process
// over loopback HTTP (the emulator runs in a process of its own, as the provider plugin's does).
import { Pool } from "undici";
import type { EmulatorProcess } from "../harness/emulator-process";
import { quantile, round } from "../harness/stats";

/** Medians of the two writes, milliseconds. */
export interface RoundTrip {
  connectP50Ms: number;
  disconnectP50Ms: number;
  samples: number;
}

/** `samples` connects and disconnects of `phoneNumber` on `slug` (after a tenth as many unmeasured). */
export async function measureRoundTrip(
  emu: EmulatorProcess,
  target: { slug: string; phoneNumber: string; configurationId: number },
  samples: number,
): Promise<RoundTrip> {
  const origin = new URL(emu.url).origin;
  const pool = new Pool(origin, { connections: 1 });
  const headers = {
    authorization: `Token ${emu.token}`,
    "org-handle": emu.orgHandle,
    "content-type": "application/json",
  };
  const post = async (verb: "connect" | "disconnect"): Promise<number> => {
    const body =
      verb === "connect"
        ? { provider_config_id: target.configurationId, phone_number: target.phoneNumber }
        : { phone_number: target.phoneNumber };
    const started = performance.now();
    const res = await pool.request({
      origin,
      path: `/api/v2/platform/telephony/bridges/${target.slug}/${verb}-provider/`,
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    const ms = performance.now() - started;
    if (res.statusCode !== 200)
      throw new Error(`${verb} of ${target.phoneNumber}: ${res.statusCode} ${text}`);
    return ms;
  };
  try {
    const connects: number[] = [];
    const disconnects: number[] = [];
    const warm = Math.ceil(samples / 10);
    for (let i = 0; i < warm + samples; i++) {
      const c = await post("connect");
      const d = await post("disconnect");
      if (i < warm) continue;
      connects.push(c);
      disconnects.push(d);
    }
    return {
      connectP50Ms: round(quantile(connects, 0.5), 3),
      disconnectP50Ms: round(quantile(disconnects, 0.5), 3),
      samples,
    };
  } finally {
    await pool.close();
  }
}
