import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type ConfigLookup, configFingerprint, type SettingsOwner } from "./config";
import { VoiceContext } from "./context";

// One cache for every process that talks to the platform: the program (data sources), the
// dynamic-provider host and the native plugin each keep the context of the settings they last saw.
let current: { fingerprint: string; context: VoiceContext } | undefined;
// In a plugin process the engine attaches to (one shared by the stacks of a fleet lane), the context
// is the one configuration of the engine run it serves: a second one would take over the resources of
// the first, since every call is served with the current context.
let held = false;

/** A second, different provider configuration asked of a plugin process that serves one at a time. */
export class SecondConfigurationError extends Error {
  constructor() {
    super(
      "this voice provider plugin is shared between stacks (the engine attached to it): it serves one " +
        "provider configuration per stack, and this stack configures a second one; run this stack with " +
        "a plugin of its own (the fleet without --shared-plugin)",
    );
    this.name = "SecondConfigurationError";
  }
}

/** The context of these settings: the current one when nothing changed, so a check and the calls after it share one guard. */
export function contextFor(lookup: ConfigLookup, owner: SettingsOwner = {}): VoiceContext {
  const fingerprint = JSON.stringify([configFingerprint(lookup), owner]);
  // Every resource type's shim calls configure; one context keeps one client, one guard, one catalogue.
  if (current?.fingerprint !== fingerprint) {
    if (held && current) throw new SecondConfigurationError();
    current = { fingerprint, context: new VoiceContext(lookup, owner) };
  }
  return current.context;
}

/**
 * A new engine run begins in a shared plugin process: every context of the runs before it is
 * forgotten (with the platform data cached on it), and the run's first configuration is its only one.
 */
export function startEngineRun(): void {
  current = undefined;
  held = true;
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
  return current?.context ?? contextFor(() => undefined);
}
