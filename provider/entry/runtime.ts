// The package's `./runtime` entry (what the serialized providers load in the dynamic-provider host): the
// Node.js version check first, then the engine-side code of each registered resource type, by its type name.
import "../node-version";

import type * as dynamic from "@pulumi/pulumi/dynamic";
import { configure } from "../context-cache";
import { REGISTRY, type ResourceType } from "../resources/registry";

/** `configure`, and each type's provider under its type name: a serialized provider calls `r()[type].check(…)`. */
const entry: { configure: typeof configure } & Readonly<Record<ResourceType, dynamic.ResourceProvider>> = {
  configure,
  ...(Object.fromEntries(REGISTRY.map((d) => [d.type, d.provider])) as Record<
    ResourceType,
    dynamic.ResourceProvider
  >),
};

export = entry;
