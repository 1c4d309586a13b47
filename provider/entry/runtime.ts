// The package's `./runtime` entry (what the serialized providers load in the dynamic-provider host): the
// Node.js version check first, then the engine-side provider of each registered type, by its type name.
import "./node-version";
import { REGISTRY } from "../resources/registry";
import { serve } from "../runtime/serve";

export { configure } from "../connection/context-cache";

// A serialized provider calls `require("pulumi-voice-platform/runtime")[type]` (see `providerSource`),
// and states written by every earlier version hold that text: so each type is a CommonJS export named
// after it, one per registered descriptor, rather than a list kept here.
for (const descriptor of REGISTRY) {
  Object.defineProperty(exports, descriptor.type, { enumerable: true, get: () => serve(descriptor) });
}
