// Why a stack's operation failed, in one line for its report row: the engine's own error diagnostics
// first (a resource's error names the resource), and only when the engine stopped before it sent any
// event (a locked stack, a missing stack, a broken Pulumi.yaml) the error the CLI printed.
import { resourceLabel, typeLabel } from "../report/changes";
import type { ErrorDiagnostic } from "./engine-events";

/** The longest cause a report row carries; the stack's log has the whole text. */
const MAX_CAUSE = 400;

/** Engine messages that only say that the operation failed, never why. */
const GENERIC = [
  /^(update|preview|refresh|destroy) failed$/i,
  /^one or more errors occurred/i,
  /^an error occurred while advancing the preview/i,
];

/** The lines of the CLI's error output that carry the error (`error: …` and what follows it). */
function cliError(text: string): string | undefined {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^error: /.test(l.trim()));
  if (start < 0) return undefined;
  return lines
    .slice(start, start + 4)
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .join(" ")
    .replace(/^error: /, "");
}

/** One line naming why the operation failed. */
export function failureCause(errors: readonly ErrorDiagnostic[], thrown: unknown): string {
  const specific = errors.filter((e) => !GENERIC.some((g) => g.test(firstLine(e.message))));
  const chosen = specific.find((e) => e.urn) ?? specific[0];
  let cause: string;
  if (chosen) cause = chosen.urn ? onResource(chosen.urn, chosen.message) : chosen.message;
  else {
    const text = thrown instanceof Error ? thrown.message : String(thrown);
    cause = cliError(stderrOf(text)) ?? cliError(text) ?? firstLine(text);
  }
  return shorten(
    cause
      .replace(/\s+/g, " ")
      .replace(/^error: /, "")
      .trim(),
  );
}

/**
 * The message on its resource, the type said once: a provider's own message often starts with the type
 * (`voice:Bridge check failed: …`), which the label already names.
 */
function onResource(urn: string, message: string): string {
  const type = typeLabel(urn);
  const rest = message.startsWith(`${type} `) ? message.slice(type.length + 1) : message;
  return `${resourceLabel(urn)}: ${rest}`;
}

/** The stderr part of an Automation API CommandError's message (`… stderr: <text>`), or the text. */
function stderrOf(text: string): string {
  const at = text.indexOf("\n stderr: ");
  return at < 0 ? text : text.slice(at + "\n stderr: ".length);
}

function firstLine(text: string): string {
  return (text.split("\n").find((l) => l.trim() !== "") ?? text).trim();
}

function shorten(text: string): string {
  return text.length <= MAX_CAUSE ? text : `${text.slice(0, MAX_CAUSE - 1)}…`;
}
