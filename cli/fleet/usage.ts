// The fleet command's usage text, from the operations table and the defaults.
import { EXIT } from "./exit-code";
import { OPERATIONS } from "./operations";
import { DEFAULT_LOGS, DEFAULT_PARALLEL, DEFAULT_PROGRESS_EVERY_S } from "./options";

const width = Math.max(...Object.keys(OPERATIONS).map((name) => name.length));

/** Usage of `pulumi-voice-platform fleet`. */
export const FLEET_USAGE = `Usage: pulumi-voice-platform fleet <operation> [selection] [options]
       pulumi-voice-platform fleet list|matrix [selection] [--shard i/n | --shards n [--format github|gitlab]]
       pulumi-voice-platform fleet merge <report.json>... [--json <file>] [--markdown <file>]

Runs one operation in many stacks (one per organization, typically) through the Automation API, at
most --parallel at once, each in a process of its own; a failed stack is a row of the report, and the
others go on. Progress goes to stderr, the combined markdown report to stdout.

Operations (each stack runs the engine command named):
${Object.entries(OPERATIONS)
  .map(([name, o]) => `  ${name.padEnd(width)}  ${o.summary} (\`${o.engine}\`)`)
  .join("\n")}

Selection (the stacks of the projects the environment's backend holds):
  --project <dir>         a Pulumi project folder (repeatable; default: the current folder)
  --stack <glob>          its stacks to take, by name or glob (* any run, ? one character; repeatable;
                          default: every stack); a name or glob matching no stack is an error
  --fleet <file>          a fleet file (YAML) listing project folders and their stacks, instead of the two above:
                            projects:
                              - folder: customers
                                stacks: ["*"]

Run:
  --parallel <k>          stacks at once (default ${DEFAULT_PARALLEL}; the platform's rate limit is shared by all)
  --shard <i>/<n>         run the i-th of n shards of the selection (a CI matrix job each; see matrix)
  --logs <dir>            each stack's full log, <dir>/<project>/<stack>.log, and the reports
                          (default ${DEFAULT_LOGS})
  --json <file>           the JSON report (default <logs>/report.json; rewritten as each stack ends)
  --markdown <file>       the markdown report (default <logs>/report.md)
  --title <text>          the markdown report's heading
  --policy-pack <dir>     preview, up: run this policy pack in every stack (repeatable)
  --policy-pack-config <file>  its configuration; {stack} and {project} in the name are replaced per
                          stack (e.g. policy.{stack}.json), and every stack's file must exist
  --refresh               preview, up, destroy: refresh each stack's state first
  --plugin-per-stack      native provider: each stack's engine starts the voice plugin of its own. By
                          default each lane starts it once and its stacks' engines attach to it
                          (PULUMI_DEBUG_PROVIDERS), one stack at a time, each provider of a stack served
                          with its own configuration; a plugin that ends is started again for the next
                          stack. The lane shares the plugin Pulumi.yaml declares (plugins.providers), or,
                          for a program not in JavaScript, the one on PATH; a JavaScript program with
                          dynamic resources has none to share
  --progress-every <s>    seconds between progress summaries (default ${DEFAULT_PROGRESS_EVERY_S})
  --impact                preview: what each stack's plan does to live calls (the numbers it disconnects,
                          moves or whose bridge it deletes: calls, live channels, agent, follow-ups, level),
                          read once per stack with its own settings; per stack totals, the riskiest first
  --window-days <n>, --recent-hours <n>, --max-calls <n>  the impact read's window (default 7), what
                          counts as recent (default 24) and its cap (default 50000), as \`report --impact\`

CI matrix:
  list [--shard i/n]      print the selected stacks (of one shard)
  matrix --shards <n>     print the shards as a GitHub Actions matrix (JSON, --format github, the
                          default) or a GitLab parallel:matrix (YAML, --format gitlab); at most one
                          shard per stack
  merge <report.json>...  merge the shards' JSON reports into the one report a whole run gives; a
                          stack no shard finished is a failed row

Ctrl-C (or SIGINT) stops launching stacks and lets the running ones end; a second one cancels them as
Ctrl-C cancels \`pulumi\` (the engine ends its running steps, writes the state and releases the lock).
SIGTERM does both at once. The report names the stacks cancelled and those that did not run.

Exit status: ${EXIT.clean} every stack ran cleanly; ${EXIT.changes} preview or drift found changes or drift (the
code of \`pulumi ... --expect-no-changes\`); ${EXIT.failed} a stack failed; ${EXIT.interrupted} interrupted; when several
apply, the first of ${EXIT.failed}, ${EXIT.interrupted}, ${EXIT.changes} wins and the report names all; ${EXIT.usage} bad input (nothing ran).`;
