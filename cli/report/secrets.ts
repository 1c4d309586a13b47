// Values as the report shows them: secrets only ever as `[secret]`, whatever form the engine gave them.

/** The signature key the engine marks a secret value with in its JSON. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";
/** The signature value of a secret. */
export const SECRET_SIG_VALUE = "1b47061264138c4ac30d75fd1eb44270";
/** How a secret appears in the report. */
export const SECRET = "[secret]";

/** Whether `value` is a secret as the engine prints it: `"[secret]"` or a signed object. */
export function isSecret(value: unknown): boolean {
  return (
    value === SECRET ||
    (typeof value === "object" &&
      value !== null &&
      (value as Record<string, unknown>)[SECRET_SIG] === SECRET_SIG_VALUE)
  );
}

/** `value` with every secret inside it (at any depth) replaced by `[secret]`. */
export function maskSecrets(value: unknown): unknown {
  if (isSecret(value)) return SECRET;
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecrets(v)]));
  return value;
}

/** A masked value as one short line of text: strings bare, the rest as JSON. */
export function showValue(value: unknown): string {
  const masked = maskSecrets(value);
  if (masked === undefined) return "";
  if (typeof masked === "string") return masked;
  return JSON.stringify(masked);
}
