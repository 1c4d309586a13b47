import { REGISTRY } from "../../provider/resources/registry";
import { LEAN_HEAP_NODE_ARGS } from "../../provider/runtime/lean-heap";
import { ownPackage } from "../../sdk/core/own-package";
import { packageSpecOf } from "./package-spec";
import type { Plan } from "./plan";
import { configSetLines } from "./secrets";
import type { TakeOver } from "./yaml";
import { yamlString } from "./yaml-string";

/** The program's language: TypeScript on the dynamic resources, or YAML on the native provider. */
export type Language = "typescript" | "yaml";

/** The project's `package.json`: the package the export runs from (or `packageSpec`) and the versions it is built and tested with. */
export function renderPackageJson(project: string, packageSpec: string | undefined): string {
  const own = ownPackage();
  if (own === undefined) throw new Error("cannot find the package.json of pulumi-voice-platform");
  const range = (name: string) => own.dependencies[name] ?? own.devDependencies[name] ?? "*";
  return `${JSON.stringify(
    {
      name: project,
      private: true,
      main: "index.ts",
      dependencies: {
        "@pulumi/pulumi": range("@pulumi/pulumi"),
        "pulumi-voice-platform": packageSpec ?? packageSpecOf(own.dir, own.version),
      },
      devDependencies: { "@types/node": range("@types/node"), typescript: range("typescript") },
    },
    null,
    2,
  )}\n`;
}

/** The `tsconfig.json` the README's Install section asks for (`nodenext`). */
export const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      target: "ES2023",
      module: "nodenext",
      moduleResolution: "nodenext",
      esModuleInterop: true,
      skipLibCheck: true,
      types: ["node"],
    },
    files: ["index.ts"],
  },
  null,
  2,
)}\n`;

/**
 * `Pulumi.yaml` of a TypeScript project. Its `nodeargs` keep the program's heap lean from the start,
 * through the type-check of thousands of numbers, where the package's resources would only from the first one on.
 */
export const renderTypeScriptProject = (project: string, orgHandle: string): string =>
  [
    `name: ${yamlString(project, "literal")}`,
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    `    nodeargs: ${yamlString(LEAN_HEAP_NODE_ARGS, "literal")}`,
    `description: ${yamlString(`The telephony of organization ${orgHandle}, exported by pulumi-voice-platform export`, "literal")}`,
    "",
  ].join("\n");

/** `Pulumi.<stack>.yaml`: where the organization is. The token is never written: it is set as a secret. */
export const renderStackConfig = (baseUrl: string, orgHandle: string): string =>
  [
    "config:",
    `  voice:baseUrl: ${yamlString(baseUrl, "literal")}`,
    `  voice:orgHandle: ${yamlString(orgHandle, "literal")}`,
    "",
  ].join("\n");

/** What the write-only inputs of every type are, in words: `auth tokens and SIP passwords`. */
const SECRETS = (() => {
  const nouns = REGISTRY.flatMap((d) => Object.values(d.exported.secrets).map((s) => s.noun));
  return nouns.length > 1 ? `${nouns.slice(0, -1).join(", ")} and ${nouns.at(-1)}` : (nouns[0] ?? "secrets");
})();

/** After an import take-over: the `up` that records the write-only values (the import could not read them). */
export const RECORD_SECRETS = (stack: string): string =>
  `pulumi up --stack ${stack}                       # records the ${SECRETS} in the stack, writing nothing`;

/** The project's README: what was exported, the secrets to set, and the take-over steps. */
export function renderReadme(o: {
  project: string;
  orgHandle: string;
  stack: string;
  plan: Plan;
  language: Language;
  takeOver: TakeOver;
  notes: readonly string[];
}): string {
  const p = o.plan;
  const counts = REGISTRY.filter(({ exported: { kind } }) => kind in p.counts)
    .map(({ exported: { kind, counted } }) => `${p.counts[kind]} ${counted}(s)`)
    .join(", ");
  const install =
    o.language === "typescript"
      ? ["npm install"]
      : [
          "# the native provider plugin: Pulumi.yaml's plugins.providers path, or `pulumi-resource-voice` on PATH",
        ];
  const takeOver =
    o.language === "typescript" || o.takeOver === "adopt"
      ? "Every resource says `adopt: true`: `pulumi up` takes each one over when the platform holds exactly what is declared, and writes nothing (a difference fails the update, naming the field and its live value)."
      : "Every resource carries `options: import:` with its platform id: `pulumi up` reads each one into the stack instead of creating it, and writes nothing. An import records only what the platform shows, so a second `pulumi up` records the " +
        SECRETS +
        " from config in the stack (writing nothing either); until then a change of one in config would not be written. `import.json` holds the same list for `pulumi import --file import.json`.";
  return [
    `# ${o.project}`,
    "",
    `The telephony of organization \`${o.orgHandle}\`, exported by \`pulumi-voice-platform export\`: ${counts}.`,
    "",
    takeOver,
    "",
    "## Take it over",
    "",
    "```sh",
    ...install,
    `pulumi stack init ${o.stack}        # Pulumi.${o.stack}.yaml already names the platform and the organization`,
    ...configSetLines(p.secrets, o.stack),
    `pulumi up --stack ${o.stack}                       # takes the resources over without writing`,
    `pulumi preview --stack ${o.stack} --expect-no-changes  # passes: code, state and platform agree`,
    ...(o.language === "yaml" && o.takeOver === "import" ? [RECORD_SECRETS(o.stack)] : []),
    "```",
    "",
    `The ${SECRETS} are write-only on the platform: the export cannot read them.`,
    "Taking over leaves the platform's values in place and records yours in the stack; the next change",
    "of one in config writes it.",
    ...(o.notes.length > 0 ? ["", "## Notes from the export", "", ...o.notes.map((n) => `- ${n}`)] : []),
    "",
  ].join("\n");
}
