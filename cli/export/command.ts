// `pulumi-voice-platform export`: an organization's telephony as a ready Pulumi project that takes it over.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { resolveSettings } from "../../provider/connection/config";
import { VoiceContext } from "../../provider/connection/context";
import type { ExportForm } from "../../provider/runtime/export-mapping";
import { quoted } from "../../provider/runtime/quoted";
import { ownPackage } from "../../sdk/core/own-package";
import { derive } from "./derive";
import { type Filter, parseFilter, select } from "./filters";
import { KINDS } from "./kinds";
import { renderImportFile } from "./native-ids";
import { nextSteps } from "./next-steps";
import type { Organization } from "./organization";
import { plan } from "./plan";
import { Progress } from "./progress";
import {
  type Language,
  renderPackageJson,
  renderReadme,
  renderStackConfig,
  renderTypeScriptProject,
  TSCONFIG,
} from "./project-files";
import { readOrganization } from "./read-organization";
import { renderTypeScript } from "./typescript";
import { leaveOutUnrepresentable } from "./unrepresentable";
import { renderYamlProject, type TakeOver } from "./yaml";

/** Usage of `pulumi-voice-platform export`. */
export const EXPORT_USAGE = `Usage: pulumi-voice-platform export --out <dir> [--base-url <url>] [--org-handle <handle>]
       [--language typescript|yaml] [--include <filter>]... [--exclude <filter>]... [--stack <name>]
       [--project <name>] [--package-spec <spec>] [--plugin-path <dir>] [--take-over import|adopt]
       [--per-link] [--concurrency <n>] [--force]

Reads an organization's provider configurations, bridges, linked numbers and SIP trunks and writes
a Pulumi project that takes them over without recreating them: the program (index.ts, or
Pulumi.yaml for --language yaml), package.json, Pulumi.<stack>.yaml naming the platform and the
organization, and a README of the steps. The token comes from VOICE_TOKEN only and is never written.

  --out <dir>             where to write the project (empty or new, unless --force)
  --base-url <url>        the platform (default VOICE_BASE_URL)
  --org-handle <handle>   the organization (default VOICE_ORG_HANDLE)
  --language <lang>       typescript (default: the dynamic resources) or yaml (the native
                          provider, voice:index:*); an import.json for \`pulumi import --file\` too
  --include <filter>      keep only matching records (repeatable; any match keeps)
  --exclude <filter>      drop matching records (repeatable; applied after --include)
                          a filter is <kind>, <kind>:<glob> or <glob>; kinds: configuration,
                          bridge, number-set, link, trunk; a glob matches a bridge's slug or
                          name, a configuration's account or provider, a trunk's name, a set's
                          bridge slug, a link's number (with --per-link). Sets and links
                          follow their bridge and bring their configuration.
  --stack <name>          the stack to configure (default: the organization handle)
  --project <name>        the project name (default: <org-handle>-telephony)
  --package-spec <spec>   how package.json names this package (default: the package this export
                          runs from: the tarball or folder it was installed from, this checkout,
                          or ^<its version> when it came from the registry)
  --plugin-path <dir>     yaml: the folder holding pulumi-resource-voice (Pulumi.yaml plugins)
  --take-over <how>       yaml: adopt (default: adopt: true) or import (the import option);
                          neither writes to the platform
  --per-link              declare each linked number as its own BridgeNumber (default: the
                          numbers of each bridge as one BridgeNumbers set)
  --concurrency <n>       reads in flight at once (default 16); the platform's rate limit paces them
  --force                 write into a non-empty --out

Progress goes to stderr; stdout lists the \`pulumi config set --secret\` lines to run.`;

const STACK_NAME = /^[A-Za-z0-9_.-]+$/;
/** Pulumi's rule for project names. */
const PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** Runs `export` with its arguments. */
export async function runExport(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      out: { type: "string" },
      "base-url": { type: "string" },
      "org-handle": { type: "string" },
      language: { type: "string" },
      include: { type: "string", multiple: true },
      exclude: { type: "string", multiple: true },
      stack: { type: "string" },
      project: { type: "string" },
      "package-spec": { type: "string" },
      "plugin-path": { type: "string" },
      "take-over": { type: "string" },
      concurrency: { type: "string" },
      "per-link": { type: "boolean" },
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${EXPORT_USAGE}\n`);
    return;
  }
  if (positionals.length > 0) throw new Error(`unexpected argument '${positionals[0]}'`);
  if (values.out === undefined) throw new Error("--out <dir> is required");
  const language = (values.language ?? "typescript") as Language;
  if (language !== "typescript" && language !== "yaml")
    throw new Error(`--language must be typescript or yaml, not '${values.language}'`);
  const takeOver = (values["take-over"] ?? "adopt") as TakeOver;
  if (takeOver !== "import" && takeOver !== "adopt")
    throw new Error(`--take-over must be import or adopt, not '${values["take-over"]}'`);
  if (language === "typescript" && values["take-over"] === "import")
    throw new Error("--take-over import needs --language yaml: the dynamic resources take over by adopt");
  const include: Filter[] = (values.include ?? []).map(parseFilter);
  const exclude: Filter[] = (values.exclude ?? []).map(parseFilter);
  const out = path.resolve(values.out);
  const existing = await readdir(out).catch(() => [] as string[]);
  if (existing.length > 0 && !values.force)
    throw new Error(`${out} is not empty (use --force to write into it)`);

  const flags: Record<string, string | undefined> = {
    "voice:baseUrl": values["base-url"],
    "voice:orgHandle": values["org-handle"],
    "voice:maxConcurrency": values.concurrency,
  };
  const lookup = (key: string) => flags[key];
  // Advice names what export reads: its options and the environment, not a stack's config.
  const owner = {
    command: { flags: { baseUrl: "--base-url", orgHandle: "--org-handle", maxConcurrency: "--concurrency" } },
  };
  const settings = resolveSettings(lookup, process.env, owner);
  const stack = values.stack ?? settings.orgHandle;
  if (!STACK_NAME.test(stack))
    throw new Error(`--stack '${stack}' is not a stack name (letters, digits, _ . -)`);
  const project = values.project ?? `${settings.orgHandle}-telephony`;
  if (!PROJECT_NAME.test(project))
    throw new Error(
      `${values.project === undefined ? "the default project name" : "--project"} ${quoted(project)} is not a Pulumi project name (1 to 100 letters, digits, _ . -)${values.project === undefined ? ": pass --project <name>" : ""}`,
    );

  const progress = new Progress();
  progress.say(`exporting organization ${settings.orgHandle} from ${settings.baseUrl}`);
  let org: Organization;
  try {
    org = await readOrganization(await new VoiceContext(lookup, owner).ready(), settings.orgHandle, progress);
  } catch (err) {
    // Not misuse: the platform's answer (the SDK's errors name method, path and status, never the token).
    process.stderr.write(
      `pulumi-voice-platform export: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    process.exitCode = 1;
    return;
  }
  const form: ExportForm = values["per-link"] ? "per-link" : "sets";
  const derived = derive(org, form);
  const selection = leaveOutUnrepresentable(select(derived.records, include, exclude));
  const notes = [...derived.notes, ...selection.notes];
  const p = plan(selection, form);

  const files: Record<string, string> = {
    [`Pulumi.${stack}.yaml`]: renderStackConfig(settings.baseUrl, settings.orgHandle),
    "README.md": renderReadme({
      project,
      orgHandle: settings.orgHandle,
      stack,
      plan: p,
      language,
      takeOver,
      notes,
    }),
  };
  const pluginPath = values["plugin-path"] && path.resolve(values["plugin-path"]);
  if (language === "typescript") {
    files["Pulumi.yaml"] = renderTypeScriptProject(project, settings.orgHandle);
    files["index.ts"] = renderTypeScript(p, settings.orgHandle);
    files["package.json"] = renderPackageJson(project, values["package-spec"]);
    files["tsconfig.json"] = TSCONFIG;
    files[".gitignore"] = "node_modules/\n";
  } else {
    files["Pulumi.yaml"] = renderYamlProject(p, {
      project,
      orgHandle: settings.orgHandle,
      pluginPath,
      takeOver,
    });
    files["import.json"] = renderImportFile(p);
  }
  // A stack config file already there holds the user's encrypted secrets: --force never overwrites it.
  const stackFile = `Pulumi.${stack}.yaml`;
  if (existing.includes(stackFile)) {
    delete files[stackFile];
    notes.push(`${stackFile} exists and was kept: check its voice:baseUrl and voice:orgHandle`);
  }
  await mkdir(out, { recursive: true });
  await Promise.all(Object.entries(files).map(([name, text]) => writeFile(path.join(out, name), text)));

  for (const note of notes) progress.say(`note: ${note}`);
  progress.say(
    `wrote ${Object.keys(files).sort().join(", ")} to ${out}: ` +
      KINDS.filter((kind) => kind in p.counts)
        .map((kind) => `${p.counts[kind]} ${kind}(s)`)
        .join(", "),
  );
  process.stdout.write(
    nextSteps({
      out,
      stack,
      language,
      takeOver,
      secrets: p.secrets,
      // As the written package.json names it.
      packageSpec:
        files["package.json"] === undefined
          ? undefined
          : (JSON.parse(files["package.json"]) as { dependencies: Record<string, string> }).dependencies[
              "pulumi-voice-platform"
            ],
      pluginPath,
      version: ownPackage()?.version ?? "<version>",
    }),
  );
}
