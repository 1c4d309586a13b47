import * as pulumi from "@pulumi/pulumi";
import { configKey, envVariable, SECRET_SETTINGS } from "../connection/settings";

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
 * Warns once per program for each secret setting (`voice:token`) that is plain stack config: Pulumi
 * keeps plain config unencrypted in `Pulumi.<stack>.yaml` and in the state of the providers that receive it.
 */
export function warnIfPlainSecrets(): void {
  if (checked) return;
  checked = true;
  const markedSecret = secretConfigKeys();
  for (const name of SECRET_SETTINGS) {
    const key = configKey(name);
    let value: string | undefined;
    try {
      value = pulumi.runtime.getConfig(key);
    } catch {
      return; // not inside a Pulumi program
    }
    if (value === undefined || markedSecret.includes(key)) continue;
    const env = envVariable(name);
    void pulumi.log.warn(
      `${key} is plain stack configuration, so Pulumi keeps it unencrypted in Pulumi.<stack>.yaml and in ` +
        `provider state: set it as a secret with \`pulumi config set ${key} <${name}> --secret\`` +
        (env === undefined ? "" : ` (or use ${env})`),
    );
  }
}
