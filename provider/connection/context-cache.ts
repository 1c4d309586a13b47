import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type ConfigLookup, configFingerprint, type SettingsOwner } from "./config";
import { perConnection } from "./connection-scope";
import { VoiceContext } from "./context";

// One cache for every process that talks to the platform: the program (data sources), the
// dynamic-provider host and the native plugin each keep the context of the settings they last saw. In a
// plugin engines attach to (the fleet's shared plugin), each connection (one provider instance of an
// engine run) keeps its own, so two providers of one stack, or two stacks, never share one.
const slot = perConnection<{ current?: { fingerprint: string; context: VoiceContext } }>(() => ({}));

/** The context of these settings: the current one when nothing changed, so a check and the calls after it share one guard. */
export function contextFor(lookup: ConfigLookup, owner: SettingsOwner = {}): VoiceContext {
  const fingerprint = JSON.stringify([configFingerprint(lookup), owner]);
  const kept = slot();
  // Every resource type's shim calls configure; one context keeps one client, one guard, one catalogue.
  if (kept.current?.fingerprint !== fingerprint)
    kept.current = { fingerprint, context: new VoiceContext(lookup, owner) };
  return kept.current.context;
}

/**
 * Receives the stack configuration from the dynamic-provider host (once per provider per process),
 * or a native provider's settings with `owner` saying which provider they configure.
 */
export async function configure(req: dynamic.ConfigureRequest, owner: SettingsOwner = {}): Promise<void> {
  contextFor((key) => {
    const value: unknown = req.config.get(key);
    return typeof value === "string" ? value : undefined;
  }, owner);
}

/** The configured context; without a configure call (e.g. a plain script), the environment alone. */
export function runtimeContext(): VoiceContext {
  return slot().current?.context ?? contextFor(() => undefined);
}
