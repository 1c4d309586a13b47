import { descriptorOfToken } from "../provider/resources/registry";
import type { Deployment } from "./pending-creates";
import { type PulumiTarget, pulumi } from "./pulumi";

/**
 * The resources of the stack that stand for many platform records, made one write at a time (a set's
 * numbers): a run stopped without checkpoints may have connected or disconnected some of them after
 * state last recorded the resource, so their state lags the platform until they are read again.
 */
export function manyRecordResources(deployment: Deployment): string[] {
  return (deployment.resources ?? [])
    .filter((r) => descriptorOfToken(r.type)?.code.partial !== undefined)
    .map((r) => r.urn);
}

/**
 * Reads the stack's sets again (`pulumi refresh --target` each), so state records every number an
 * unrecorded run connected to them: answers how many were read.
 */
export async function rereadSets(target: PulumiTarget): Promise<number> {
  const { deployment } = JSON.parse(await pulumi(target, ["stack", "export"])) as { deployment: Deployment };
  const urns = manyRecordResources(deployment);
  if (urns.length === 0) return 0;
  await pulumi(target, ["refresh", "--yes", "--skip-preview", ...urns.flatMap((urn) => ["--target", urn])]);
  return urns.length;
}
