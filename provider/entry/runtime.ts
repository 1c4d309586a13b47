// The package's `./runtime` entry (what the serialized providers load in the dynamic-provider host): the
// Node.js version check first, then the engine-side resource code.
import "../node-version";

export * from "../runtime/index";
