// Where a type error of a TypeScript program surfaces, with ts-node's type-check and with
// PULUMI_NODEJS_TRANSPILE_ONLY=true: bench/same-estate/program-ts with one mistake put in, a `preview` of a small
// estate on the native plugin, and what failed, where, and the first line saying why.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { withSeededEmulator } from "../harness/seeded-emulator";
import { benchStack } from "../harness/stack";
import { sameEstate } from "./estate";
import type { ProgramKind } from "./side";

/** A mistake a user makes, as a change to bench/same-estate/program-ts/index.ts. */
interface Mistake {
  name: string;
  from: string;
  to: string;
}

const MISTAKES: readonly Mistake[] = [
  {
    name: "a number where the input is a string (`phoneNumber: 14155550100`)",
    from: "    phoneNumber: n.phoneNumber,\n  });",
    to: "    phoneNumber: Number(n.phoneNumber.slice(1)),\n  });",
  },
  {
    name: "a misspelled input (`bridgeSlg`)",
    from: "    bridgeSlug: slug(n.bridge),\n    providerConfigurationId",
    to: "    bridgeSlg: slug(n.bridge),\n    providerConfigurationId",
  },
  {
    name: "a misspelled output (`bridge.slugg`)",
    from: "const slug = (name: string) => bridges.get(name)!.slug;",
    to: "const slug = (name: string) => (bridges.get(name)! as voice.Bridge).slugg;",
  },
];

export interface TypeErrorRun {
  mistake: string;
  provider: "native" | "voice";
  program: Extract<ProgramKind, "ts" | "ts-transpile">;
  /** `program`: the type-check stopped it before it declared anything; `provider`: a provider's check at preview; `none`: the preview passed. */
  caught: "program" | "provider" | "none";
  message: string;
}

/** The line saying why: the first matching `preferred`, else the first error line that is not the CLI's exit. */
function firstLine(error: string, preferred: RegExp): string {
  const lines = error.split("\n").map((l) => l.trim());
  const line =
    lines.find((l) => preferred.test(l)) ??
    lines.find((l) => /error/i.test(l) && !/Command failed/.test(l)) ??
    lines.find((l) => l !== "");
  return (line ?? "").slice(0, 300);
}

/** Each mistake on the native plugin, type-checked and transpile-only: one `preview` of 20 numbers each. */
export async function runTypeErrors(parallel: number): Promise<TypeErrorRun[]> {
  const runs: TypeErrorRun[] = [];
  for (const mistake of MISTAKES)
    for (const provider of ["native"] as const)
      for (const program of ["ts", "ts-transpile"] as const)
        await withSeededEmulator(20, async (target) => {
          const stack = await benchStack(target, `type-error-${provider}-${program}`, parallel, {
            native: provider === "native",
            env: program === "ts-transpile" ? { PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : {},
            program: "same-estate/program-ts",
          });
          try {
            const index = path.join(stack.stack.workspace.workDir, "index.ts");
            let text = await readFile(index, "utf8");
            if (!text.includes(mistake.from)) throw new Error(`program-ts has no "${mistake.from}"`);
            text = text.replace(mistake.from, mistake.to);
            if (provider === "native")
              text = text.replace('from "pulumi-voice-platform";', 'from "pulumi-voice-platform/native";');
            await writeFile(index, text);
            await stack.declare(sameEstate(20, provider));
            const m = await stack.run("preview");
            const error = m.error ?? "";
            const caught =
              !m.error && m.failedOperations === 0
                ? "none"
                : /TSError|error TS\d+/.test(error)
                  ? "program"
                  : "provider";
            runs.push({
              mistake: mistake.name,
              provider,
              program,
              caught,
              message:
                caught === "none"
                  ? ""
                  : firstLine(
                      error,
                      caught === "program" ? /error TS\d+/ : /resource '[^']+'|property \w+|required/,
                    ),
            });
          } finally {
            await stack.cleanup();
          }
        });
  return runs;
}
