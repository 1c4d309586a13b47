import { flushCompileCache } from "node:module";
import * as provider from "@pulumi/pulumi/provider";
import { ownPackage } from "../../sdk/core/own-package";
import { resolveImpactSettings } from "../connection/config";
import { contextFor } from "../connection/context-cache";
import { engineLog } from "./engine-log";
import { engineRuns } from "./engine-run";
import { fillServerGaps } from "./gaps";
import { ImpactReview } from "./impact-review";
import { nativeProvider } from "./provider";
import { packageRelease } from "./release";
import { packageSchema } from "./schema";

/** What `pulumi-resource-voice --help` says. */
const PLUGIN_HELP = `Usage: pulumi-resource-voice [--version | --help]

The Pulumi resource provider plugin of the voice package (the telephony of the Voice AI platform).
The Pulumi engine starts it for a program that uses the package: install it with
  pulumi plugin install resource voice <version> --file <archive>
or put this executable on PATH, then run \`pulumi up\` in your project. It takes no other option.`;

/** Serves `pulumi-resource-voice`: the native provider over the runtime, gaps filled (see `gaps.ts`). */
export async function serve(args: readonly string[]): Promise<void> {
  // The nearest package.json that is the package's: above `dist/provider/plugin`, or the plugin archive's root.
  const own = ownPackage();
  if (!own)
    throw new Error("pulumi-resource-voice: no package.json of pulumi-voice-platform beside the plugin");
  const release = packageRelease(own);
  // A person who runs the plugin by hand gets an answer, not a server waiting for the engine.
  if (args[0] === "--version") return void process.stdout.write(`${release.version}\n`);
  if (args[0] === "--help" || args[0] === "-h") return void process.stdout.write(`${PLUGIN_HELP}\n`);
  const log = engineLog(args);
  const impact = new ImpactReview(log);
  const native = nativeProvider(release.version, JSON.stringify(packageSchema(release)), impact);
  let configured = false;
  fillServerGaps(
    native,
    (lookup, owner) => {
      contextFor(lookup, owner);
      impact.configure(resolveImpactSettings(lookup, process.env, owner), owner);
      if (!configured) setImmediate(flushCompileCache);
      configured = true;
    },
    engineRuns({ log, impact }),
  );
  await provider.main(native, [...args]);
  // Node writes its compile cache (NODE_COMPILE_CACHE) at a normal exit, and the engine kills its plugins:
  // written here, once serving and once configured (the client's modules load then), the next start reads it.
  flushCompileCache();
}

if (require.main === module) void serve(process.argv.slice(2));
