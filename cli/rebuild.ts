import type { VoiceClient } from "../sdk";
import { findPlannedCreates } from "./found-on-platform";
import type { Deployment } from "./pending-creates";
import { plannedCreates } from "./planned-creates";
import { type PulumiTarget, pulumi } from "./pulumi";
import { recordFound } from "./recorded-state";

/** A round cannot record more than the program declares: this bounds a program whose plan never settles. */
const MAX_ROUNDS = 20;

/** What rebuilding from the program did, over all rounds. */
export interface Rebuilt {
  rounds: number;
  recorded: number;
  /** URNs found on the platform with values other than the program's, each with the fields that differ. */
  different: string[];
}

/**
 * Rebuilds what a run without checkpoints created (or what a lost state file held): previews the
 * program, looks each planned create up by its natural key, records the found-and-equal ones, and
 * repeats, since a dependent's inputs (a link's configuration id) are known at preview only once what
 * it depends on is in state; it stops when a round records nothing new, or nothing that waits depends on
 * what it recorded. `write` imports a deployment.
 */
export async function rebuildFromProgram(
  target: PulumiTarget,
  client: VoiceClient,
  say: (line: string) => void,
  write: ((deployment: Deployment) => Promise<void>) | undefined,
): Promise<Rebuilt> {
  const result: Rebuilt = { rounds: 0, recorded: 0, different: [] };
  while (result.rounds < MAX_ROUNDS) {
    result.rounds++;
    const plan = await plannedCreates(target);
    const findings = await findPlannedCreates(client, plan.creates);
    const count = (kind: string) => findings.filter((f) => f.kind === kind).length;
    result.different = [];
    for (const f of findings) {
      if (f.kind === "equal") say(`found ${f.id}: ${f.create.urn}`);
      if (f.kind === "partial")
        say(
          `found ${f.id} part-made, recorded as the platform has it (the next \`up\` finishes it): ${f.create.urn}`,
        );
      if (f.kind === "different") {
        const line = `${f.create.urn} (id ${f.id}): ${f.fields.join(", ")}`;
        say(`found but different, not recorded: ${line}`);
        result.different.push(line);
      }
    }
    const { deployment } = JSON.parse(await pulumi(target, ["stack", "export"])) as {
      deployment: Deployment;
    };
    const { deployment: next, recorded, unanchored } = recordFound(deployment, plan, findings);
    for (const { create, missing } of unanchored)
      say(`found, not recorded until what it depends on is in state (${missing.join(", ")}): ${create.urn}`);
    say(
      `round ${result.rounds}: ${plan.creates.length} planned create(s); ${recorded.length} found and recorded ` +
        `(${count("partial")} part-made), ${count("different")} found but different, ${count("absent")} not on the platform, ` +
        `${count("waiting")} known once what they depend on is recorded`,
    );
    if (recorded.length === 0 || write === undefined) break;
    await write(next);
    result.recorded += recorded.length;
    // Only a create whose inputs were unknown can be found in a later round, and only when something
    // it depends on was recorded in this one (what waits on a resource the platform lacks stays unknown).
    const recordedNow = new Set(recorded.map((c) => c.urn));
    const unblocked = findings.some(
      (f) => f.kind === "waiting" && f.create.dependencies.some((d) => recordedNow.has(d)),
    );
    if (!unblocked) break;
  }
  return result;
}
