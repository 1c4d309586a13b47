import type { VoiceClient } from "../../sdk";
import type { VoiceContext } from "./context";

/** What every platform-facing method works with: the configured context and its client (organization checked). */
export interface Connection {
  readonly context: VoiceContext;
  readonly client: VoiceClient;
}
