import type * as dynamic from "@pulumi/pulumi/dynamic";
import { type ConfigLookup, configFingerprint } from "../config";
import { VoiceContext } from "../context";

let current: { fingerprint: string; context: VoiceContext } | undefined;

function use(lookup: ConfigLookup): VoiceContext {
  const fingerprint = configFingerprint(lookup);
  // Every resource type's shim calls configure; one context keeps one client, one guard, one catalogue.
  if (current?.fingerprint !== fingerprint) current = { fingerprint, context: new VoiceContext(lookup) };
  return current.context;
}

/** Receives the stack configuration from the dynamic-provider host (once per provider per process). */
export async function configure(req: dynamic.ConfigureRequest): Promise<void> {
  use((key) => {
    const value: unknown = req.config.get(key);
    return typeof value === "string" ? value : undefined;
  });
}

/** The configured context; without a configure call (e.g. a plain script), the environment alone. */
export function runtimeContext(): VoiceContext {
  return current?.context ?? use(() => undefined);
}
