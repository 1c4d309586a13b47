import * as pulumi from "@pulumi/pulumi";

let checked = false;

/** The stack config keys the language host marked secret (`pulumi config set --secret`). */
function secretConfigKeys(): string[] {
  try {
    const keys: unknown = JSON.parse(process.env.PULUMI_CONFIG_SECRET_KEYS ?? "[]");
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Warns once per program when `voice:token` is plain stack config: Pulumi keeps plain config
 * unencrypted in `Pulumi.<stack>.yaml` and in the state of the providers that receive it.
 */
export function warnIfPlainToken(): void {
  if (checked) return;
  checked = true;
  let token: string | undefined;
  try {
    token = pulumi.runtime.getConfig("voice:token");
  } catch {
    return; // not inside a Pulumi program
  }
  if (token === undefined || secretConfigKeys().includes("voice:token")) return;
  void pulumi.log.warn(
    "voice:token is plain stack configuration, so Pulumi keeps it unencrypted in Pulumi.<stack>.yaml and in " +
      "provider state: set it as a secret with `pulumi config set voice:token <token> --secret` (or use VOICE_TOKEN)",
  );
}
