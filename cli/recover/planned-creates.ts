import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { UNKNOWN } from "../../provider/runtime/fields";
import { RECOVERING_ENV } from "../../provider/runtime/ownership";
import { type PulumiTarget, pulumi } from "./pulumi";

/** A resource the program would create, as the engine planned it at preview. */
export interface PlannedCreate {
  urn: string;
  type: string;
  custom: boolean;
  /** The checked inputs; secrets stay encrypted by the stack's own secrets provider. */
  inputs: Record<string, unknown>;
  parent?: string;
  /** `<provider urn>::<id>`; the id is unknown when the provider is planned too. */
  provider?: string;
  dependencies: string[];
  propertyDependencies?: Record<string, string[]>;
  additionalSecretOutputs?: string[];
}

interface PreviewJson {
  steps?: { op: string; urn: string }[];
}

interface PlanGoal {
  type: string;
  custom?: boolean;
  inputDiff?: { adds?: Record<string, unknown> };
  parent?: string;
  provider?: string;
  dependencies?: string[];
  propertyDependencies?: Record<string, string[]>;
  additionalSecretOutputs?: string[];
}

interface PlanFile {
  resourcePlans?: Record<string, { goal?: PlanGoal; steps?: string[] }>;
}

/** What one preview plans to create: the program's resources in order, and the providers they need. */
export interface Plan {
  creates: PlannedCreate[];
  /** Provider resources the plan creates, by URN (the JSON report leaves default providers out). */
  providers: ReadonlyMap<string, PlannedCreate>;
}

/**
 * The creates `pulumi preview` plans for the stack, in the order the program registers them (so each
 * follows its parent and dependencies). The JSON report says which steps are creates but shows secret
 * inputs as "[secret]"; the plan file of the same preview holds every input, secrets encrypted by the
 * stack's secrets provider, so recording them never puts a secret in plaintext anywhere.
 */
export async function plannedCreates(target: PulumiTarget): Promise<Plan> {
  const dir = await mkdtemp(path.join(tmpdir(), "pulumi-voice-recover-"));
  try {
    const planFile = path.join(dir, "plan.json");
    const report = JSON.parse(
      await pulumi(target, ["preview", "--json", "--save-plan", planFile], {
        env: { [RECOVERING_ENV]: "true" },
      }),
    ) as PreviewJson;
    const plans = (JSON.parse(await readFile(planFile, "utf8")) as PlanFile).resourcePlans ?? {};
    const creates = (report.steps ?? []).flatMap((step) => {
      const goal = plans[step.urn]?.goal;
      return step.op === "create" && goal ? [planned(step.urn, goal)] : [];
    });
    const providers = new Map(
      Object.entries(plans).flatMap(([urn, p]) =>
        p.goal?.type.startsWith("pulumi:providers:") && p.steps?.includes("create")
          ? [[urn, planned(urn, p.goal)] as const]
          : [],
      ),
    );
    return { creates, providers };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function planned(urn: string, goal: PlanGoal): PlannedCreate {
  return {
    urn,
    type: goal.type,
    custom: goal.custom ?? false,
    inputs: goal.inputDiff?.adds ?? {},
    ...(goal.parent ? { parent: goal.parent } : {}),
    ...(goal.provider ? { provider: goal.provider } : {}),
    dependencies: goal.dependencies ?? [],
    ...(goal.propertyDependencies ? { propertyDependencies: goal.propertyDependencies } : {}),
    ...(goal.additionalSecretOutputs ? { additionalSecretOutputs: goal.additionalSecretOutputs } : {}),
  };
}

/** Whether any part of a value is still unknown at preview. */
export function hasUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(hasUnknown);
  return false;
}

/** Whether a value is a secret as the engine serializes it (here always encrypted). */
export const isSecret = (value: unknown): boolean =>
  typeof value === "object" && value !== null && "4dabf18193072939515e22adb298388d" in value;
