// The pack is compiled with the package (policy/ → dist/policy/): this folder gives the engine its
// PulumiPolicy.yaml and entry point, inside the installed package.
require("../dist/policy/pack");
