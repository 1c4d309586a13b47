// The serialized providers load their implementation by package name
// (`require("pulumi-voice-platform/runtime")`, resolved from the program's directory). A project
// that installed the package resolves it from its node_modules; this link makes the same name
// resolve inside this repository, for the root Pulumi.yaml, the examples and the tests.
import { lstatSync, mkdirSync, readlinkSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const link = join(root, "node_modules", "pulumi-voice-platform");
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link) === "..") process.exit(0);
  console.error(`${link} exists and is not the self-link; leaving it alone`);
} catch {
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync("..", link, "dir");
}
