// A count of the requests a stack's processes send to the platform: with VOICE_REQUEST_LOG naming a
// file, every attempt (retries included) of every process of the run — the program, the dynamic-provider
// host, the plugin — appends one line, `<status> <METHOD> <route>` (`-` for no answer). Routes are the
// API's templates (`/telephony/bridges/{slug}/`): no identifiers, tokens, headers or bodies. Lines this
// short are appended whole (O_APPEND), so processes can share the file. The fleet command sets it per stack.
import { appendFileSync } from "node:fs";
import type { Logger } from "../../sdk";

/** The environment variable naming the request log. */
export const REQUEST_LOG_ENV = "VOICE_REQUEST_LOG";

/** A logger writing the request log named by the environment, or undefined when none is named. */
export function requestLogger(env: NodeJS.ProcessEnv = process.env): Logger | undefined {
  const file = env[REQUEST_LOG_ENV];
  if (!file) return undefined;
  const write = (line: string) => {
    try {
      appendFileSync(file, `${line}\n`);
    } catch {
      // A count that cannot be written must not fail the request it counts.
    }
  };
  return {
    debug(_msg, meta) {
      const m = (meta ?? {}) as { method?: string; path?: string; status?: number; error?: string };
      if (m.method === undefined || m.path === undefined) return;
      if (m.status !== undefined) write(`${m.status} ${m.method} ${m.path}`);
      else if (m.error !== undefined) write(`- ${m.method} ${m.path} ${m.error}`);
    },
    warn() {},
  };
}

/** The counts of a request log's text: attempts, and those answered 429. */
export function countRequests(text: string): { requests: number; throttled: number } {
  let requests = 0;
  let throttled = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    requests++;
    if (line.startsWith("429 ")) throttled++;
  }
  return { requests, throttled };
}
