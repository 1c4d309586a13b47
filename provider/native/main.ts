import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import * as provider from "@pulumi/pulumi/provider";
import { configure } from "../runtime/context";
import { fillServerGaps } from "./gaps";
import { nativeProvider } from "./provider";
import { packageSchema } from "./schema";

/** The package's name: its package.json is the nearest above (`dist/provider/native`, or the plugin archive's root). */
const PACKAGE_NAME = "pulumi-voice-platform";

/** The package version, from the nearest package.json above this file that is the package's. */
function packageVersion(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    } catch {
      continue; // no package.json here: keep walking up
    }
    const field = (key: string) =>
      typeof manifest === "object" && manifest !== null ? Reflect.get(manifest, key) : undefined;
    const version = field("version");
    if (field("name") === PACKAGE_NAME && typeof version === "string") return version;
  }
  return "0.0.0";
}

/** Serves `pulumi-resource-voice`: the native provider over the runtime, gaps filled (see `gaps.ts`). */
export async function serve(args: readonly string[]): Promise<void> {
  const version = packageVersion();
  const native = nativeProvider(version, JSON.stringify(packageSchema(version)));
  fillServerGaps(native, (lookup) => {
    void configure({
      config: {
        get: lookup,
        require: (key) => {
          const value = lookup(key);
          if (value === undefined) throw new Error(`missing required configuration ${key}`);
          return value;
        },
      },
    });
  });
  await provider.main(native, [...args]);
}

if (require.main === module) void serve(process.argv.slice(2));
