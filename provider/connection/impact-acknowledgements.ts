// Which risky changes a stack has acknowledged. A change that can cut live calls passes review only when
// the stack says so, per resource, in its own config (`Pulumi.<stack>.yaml`, so the acknowledgement is
// in the pull request beside the change). It lives in config, not on the resource: a deleted resource is
// gone from the program, and its deletion must be acknowledgeable too.
import { z } from "zod";
import { resourceName } from "../urn/urn";

/** The stack setting, in the provider's namespace. */
export const ACKNOWLEDGE_SETTING = "voice:acknowledgeImpact";

const entry = z
  .strictObject(
    {
      resource: z
        .string({ error: "must name the resource whose impact is acknowledged (its name in the program)" })
        .trim()
        .min(1, { error: "must name the resource whose impact is acknowledged (its name in the program)" })
        .describe("The resource whose impact is accepted: its name in the program (or its URN)."),
      reason: z
        .string({ error: "must be text" })
        .optional()
        .describe("Why, for the reviewer (shown in the warning)."),
    },
    { error: "must be an object {resource, reason}" },
  )
  .meta({
    id: "ImpactAcknowledgement",
    description: "A resource whose impact on live calls the stack accepts, and why.",
  });

/** The setting's value: a list of acknowledgements (the package schema's type is read from it). */
export const AcknowledgementList = z.array(entry, { error: "must be a list of {resource, reason}" });

/** The acknowledged resources of a stack. */
export class Acknowledgements {
  readonly #names: ReadonlyMap<string, string | undefined>;

  constructor(entries: readonly { resource: string; reason?: string | undefined }[] = []) {
    this.#names = new Map(entries.map((e) => [e.resource, e.reason]));
  }

  /** Whether the resource at `urnOrName` is acknowledged: named by its name in the program, or its URN. */
  has(urnOrName: string): boolean {
    return this.#names.has(urnOrName) || this.#names.has(resourceName(urnOrName));
  }

  /** The reason given for the resource at `urnOrName` (empty when none was given). */
  reason(urnOrName: string): string {
    return this.#names.get(urnOrName) ?? this.#names.get(resourceName(urnOrName)) ?? "";
  }

  get size(): number {
    return this.#names.size;
  }
}

/**
 * The setting's value as config gives it (a JSON string, or already parsed), checked once: a bad entry
 * throws naming the setting, the entry and the rule. Absent: nothing is acknowledged.
 */
export function parseAcknowledgements(value: unknown): Acknowledgements {
  if (value === undefined || value === null || value === "") return new Acknowledgements();
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(
        `${ACKNOWLEDGE_SETTING}: must be a list of {resource, reason} (got text that is not JSON)`,
      );
    }
  }
  const read = AcknowledgementList.safeParse(parsed);
  if (!read.success) {
    const issue = read.error.issues[0];
    const where = (issue?.path ?? [])
      .map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
      .join("");
    throw new Error(`${ACKNOWLEDGE_SETTING}${where}: ${issue?.message ?? "is invalid"}`);
  }
  return new Acknowledgements(read.data);
}
