/** The property-value signature key of Pulumi's wire format, and the signature of a secret. */
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

type Props = Record<string, unknown>;

const isSecret = (value: unknown): value is { value: unknown } =>
  typeof value === "object" && value !== null && (value as Props)[SIG] === SECRET_SIG;

/** A value with every secret wrapper and undefined property removed (at any depth): plain JSON for the runtime. */
export function unwrapSecrets(value: unknown): unknown {
  if (isSecret(value)) return unwrapSecrets(value.value);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (typeof value === "object" && value !== null) {
    const defined = Object.entries(value).filter(([, v]) => v !== undefined);
    return Object.fromEntries(defined.map(([k, v]) => [k, unwrapSecrets(v)]));
  }
  return value;
}

/** The top-level properties of a value, unwrapped; `{}` for anything but an object. */
export function plainProps(value: unknown): Props {
  const plain = unwrapSecrets(value);
  return typeof plain === "object" && plain !== null && !Array.isArray(plain) ? (plain as Props) : {};
}

/** Wraps a value as a secret on the wire. */
export const secret = (value: unknown): Props => ({ [SIG]: SECRET_SIG, value });

/** Props with the type's secret fields re-marked as secrets; absent stays absent. */
export function markSecrets<T extends Props | undefined>(props: T, secrets: ReadonlySet<string>): T {
  if (props === undefined) return props;
  const marked: Props = { ...props };
  for (const key of secrets) {
    const value = marked[key];
    if (value !== undefined && value !== null && !isSecret(value)) marked[key] = secret(value);
  }
  return marked as T;
}
