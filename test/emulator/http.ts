import { request } from "undici";
import type { TestEmulator } from "../fixtures/emulator";

/** A raw platform answer: status, headers, body text and the parsed JSON (if any). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

export interface CallOptions {
  /** JSON-serialized unless a string (sent as is). */
  body?: unknown;
  /** `null` sends no Authorization header; default the emulator's token. */
  token?: string | null;
  /** `null` sends no Org-Handle; default the emulator's organization. */
  org?: string | null;
  headers?: Record<string, string>;
}

/** Call the platform API with raw HTTP (no SDK), defaulting to valid credentials. */
export function platform(emu: TestEmulator) {
  return async (method: string, path: string, opts: CallOptions = {}): Promise<RawAnswer> => {
    const headers: Record<string, string> = {};
    const token = opts.token === undefined ? emu.token : opts.token;
    if (token !== null) headers.authorization = `Token ${token}`;
    const org = opts.org === undefined ? emu.orgHandle : opts.org;
    if (org !== null) headers["org-handle"] = org;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
      headers["content-type"] = "application/json";
    }
    Object.assign(headers, opts.headers);
    const res = await request(`${emu.apiUrl}${path}`, {
      method: method as "GET",
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.body.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, headers: res.headers, text, json };
  };
}

/** The seeded acme twilio account (docs/emulator.md). */
export const ACME_TWILIO_SID = "AC00000000000000000000000000000001";
export const ACME_PLIVO_SID = "MA0000000000000000A1";
export const GLOBEX_TWILIO_SID = "AC00000000000000000000000000000002";
