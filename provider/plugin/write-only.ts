/**
 * Write-only secrets (`authToken`, `authPassword`): the platform accepts them but never shows them, so
 * an imported resource is recorded without them. As Pulumi providers' import docs put it, the user
 * supplies such a value in the program; taking it in must neither fail nor write to the platform:
 *
 * - `check`: a recorded resource (old inputs present) that never held the secret may go on without it;
 *   that is what `pulumi import` checks (its old and new inputs are both the read inputs).
 * - `diff`: a held secret the state never recorded is not compared; once recorded (in the inputs after the next
 *   `up`, read here from the old inputs), a change to it is an update as usual.
 */
import type { ResourceDescriptor } from "../runtime/descriptor";
import { heldSecrets } from "../runtime/secrets";

type Props = Record<string, unknown>;

const absent = (value: unknown): boolean => value === undefined || value === null;

/** A value that passes every secret's validation; never sent, stripped from the checked inputs. */
const PLACEHOLDER = "write-only";

/** News with a placeholder for each held secret the state never recorded, and the keys to strip after checking. */
export function checkable(
  descriptor: ResourceDescriptor,
  olds: Props,
  news: Props,
): { news: Props; placeholders: string[] } {
  // No old inputs: a create, where every required secret must be supplied.
  const recorded = Object.keys(olds).length > 0;
  const placeholders = recorded
    ? heldSecrets(descriptor, olds).filter((key) => absent(olds[key]) && absent(news[key]))
    : [];
  return {
    news: { ...news, ...Object.fromEntries(placeholders.map((k) => [k, PLACEHOLDER])) },
    placeholders,
  };
}

/** Checked inputs without the placeholders `checkable` put in. */
export function withoutPlaceholders(inputs: Props, placeholders: readonly string[]): Props {
  return Object.fromEntries(Object.entries(inputs).filter(([key]) => !placeholders.includes(key)));
}

/**
 * The olds and news to compare: a secret missing from the outputs is taken from the old inputs;
 * one neither holds is left out of the news, so supplying it after an import is no change.
 */
export function comparable(
  descriptor: ResourceDescriptor,
  olds: Props,
  oldInputs: Props,
  news: Props,
): { olds: Props; news: Props } {
  const known: Props = { ...olds };
  const compared: Props = { ...news };
  for (const key of heldSecrets(descriptor, { ...oldInputs, ...olds })) {
    if (absent(known[key]) && !absent(oldInputs[key])) known[key] = oldInputs[key];
    if (absent(known[key])) delete compared[key];
  }
  return { olds: known, news: compared };
}

/** Props with each secret they lack taken from the recorded inputs (so a refresh keeps what was supplied). */
export function withRecordedSecrets(descriptor: ResourceDescriptor, props: Props, inputs: Props): Props {
  const filled: Props = { ...props };
  for (const key of heldSecrets(descriptor, { ...inputs, ...props }))
    if (absent(filled[key]) && !absent(inputs[key])) filled[key] = inputs[key];
  return filled;
}
