import * as provider from "@pulumi/pulumi/provider";
import { ownPackage } from "../../sdk/core/own-package";
import { resolveImpactSettings } from "../connection/config";
import { contextFor } from "../connection/context-cache";
import { engineLog } from "./engine-log";
import { fillServerGaps } from "./gaps";
import { ImpactReview } from "./impact-review";
import { nativeProvider } from "./provider";
import { packageRelease } from "./release";
import { packageSchema } from "./schema";

/** Serves `pulumi-resource-voice`: the native provider over the runtime, gaps filled (see `gaps.ts`). */
export async function serve(args: readonly string[]): Promise<void> {
  // The nearest package.json that is the package's: above `dist/provider/plugin`, or the plugin archive's root.
  const own = ownPackage();
  if (!own)
    throw new Error("pulumi-resource-voice: no package.json of pulumi-voice-platform beside the plugin");
  const release = packageRelease(own);
  const impact = new ImpactReview(engineLog(args));
  const native = nativeProvider(release.version, JSON.stringify(packageSchema(release)), impact);
  fillServerGaps(native, (lookup, owner) => {
    contextFor(lookup, owner);
    impact.configure(resolveImpactSettings(lookup, process.env, owner), owner);
  });
  await provider.main(native, [...args]);
}

if (require.main === module) void serve(process.argv.slice(2));
