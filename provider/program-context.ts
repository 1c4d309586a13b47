import * as pulumi from "@pulumi/pulumi";
import { type ConfigLookup, configFingerprint } from "./config";
import { VoiceContext } from "./context";

let current: { fingerprint: string; context: VoiceContext } | undefined;

// runtime.getConfig reads the stack configuration without the secret warning that Config.get prints;
// outside a Pulumi program it has nothing, and the environment fallbacks apply.
const lookup: ConfigLookup = (key) => {
  try {
    return pulumi.runtime.getConfig(key);
  } catch {
    return undefined;
  }
};

/** The program process's connection, used by the data sources (one client and guard per configuration). */
export function programContext(): VoiceContext {
  const fingerprint = configFingerprint(lookup);
  if (current?.fingerprint !== fingerprint) current = { fingerprint, context: new VoiceContext(lookup) };
  return current.context;
}
