import * as provider from "@pulumi/pulumi/provider";
import { ownPackage } from "../../sdk/core/own-package";
import { contextFor } from "../connection/context-cache";
import { fillServerGaps } from "./gaps";
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
  const native = nativeProvider(release.version, JSON.stringify(packageSchema(release)));
  fillServerGaps(native, (lookup, owner) => {
    contextFor(lookup, owner);
  });
  await provider.main(native, [...args]);
}

if (require.main === module) void serve(process.argv.slice(2));
