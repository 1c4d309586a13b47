import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as provider from "@pulumi/pulumi/provider";
import { configure } from "../runtime/context";
import { fillServerGaps } from "./gaps";
import { nativeProvider } from "./provider";
import { packageSchema } from "./schema";

/** The package version, from the package.json two levels above `dist/provider/native`. */
function packageVersion(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8"),
  );
  const version =
    typeof manifest === "object" && manifest !== null ? Reflect.get(manifest, "version") : undefined;
  return typeof version === "string" ? version : "0.0.0";
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
