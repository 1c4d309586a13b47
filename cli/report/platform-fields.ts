// Which properties of a resource the platform holds, read from the resource schemas: an input only the
// program holds (`adopt`, which matters on create alone) is never a difference from the platform, and a
// write-only secret is held but never shown, so its change is seen only in what the engine plans.

import { descriptorOfUrn } from "../../provider/resources/registry";
import { secretKeys } from "../../provider/runtime/secrets";

/** Whether the platform holds property `key` of the resource at `urn` (an input the outputs do not record is the program's alone). */
export function heldByPlatform(urn: string, key: string): boolean {
  const descriptor = descriptorOfUrn(urn);
  if (descriptor === undefined) return true;
  const { inputs, outputs } = descriptor;
  return !Object.hasOwn(inputs.shape, key) || Object.hasOwn(outputs.shape, key);
}

/** Whether property `key` of the resource at `urn` is a write-only secret: the platform takes it but shows only a mask. */
export function isWriteOnly(urn: string, key: string): boolean {
  const descriptor = descriptorOfUrn(urn);
  return descriptor !== undefined && secretKeys(descriptor.inputs).has(key);
}
