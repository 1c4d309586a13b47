// What `npm run bench -- --help` prints: every suite's option, what it runs and where it writes.

export const USAGE = `Usage: npm run bench -- [option]   (or node dist/bench/main.js [option])

  (none)           the full run (N = 100 and 300, three repetitions)
  --quick          a short smoke run (N = 100, one repetition), to bench/results/quick.*.tmp
  --scale          native vs dynamic vs no-op at N = 100 … 3,000 (bench/scale/main.ts);
                   --scale-max N stops at N (results then to bench/results/scale-partial.*.tmp);
                   --scale-render renders bench/results/scale.json again; then the set steps
  --scale-sets     the set form (BridgeNumbers) at N = 1,000 and 10,000 numbers (bench/sets/main.ts);
                   --scale-sets-max M caps the estates at M; --scale-sets-render renders again;
                   --scale-sets-native the native plugin alone at 10,000 numbers,
                   --scale-sets-dynamic the dynamic resources alone at 10,000 numbers
                   --node-options "<flags>" starts the engine's Node.js processes with them
  --plugin         only 8, the plugin's start-up and archive sizes (bench/results/plugin.*)
  --emulator       the emulator's latency at 1,000 and 10,000 linked numbers (bench/emulator/scale.ts)
  --organizations  one organization's requests with 1 and with 100 organizations
                   (bench/emulator/organizations-scale.ts; also a row of the full run)
  --fleet          the fleet command over 100 organizations (bench/fleet/main.ts): drift and no-op
                   preview times, memory, requests; --quick: 10 organizations of 100 numbers;
                   --fleet-parallel K (default 4); --fleet-program native|go: the same estate from
                   the JavaScript program on the native provider, or from a Go program
                   (bench/fleet/program-go), to bench/results/fleet-native.*, fleet-go.*
  --fleet-shared-plugin  the fleet's no-op preview on the native provider with a plugin per stack and
                   with --shared-plugin, alternating, 3 runs each (bench/fleet/shared-plugin.ts): wall,
                   CPU-s, peak memory, requests; 20 organizations (--quick: 10), --fleet-parallel K (default 2)
  --fleet-rate     a fleet drift check of 50 stacks at --parallel 8 sharing one token at
                   600 requests/min (bench/fleet/rate.ts); --quick: 16 stacks at 60 per 10 s
  --stack-cost     one stack's no-op preview and drift check, CPU-s and peak memory per process (pulumi
                   CLI, language host, program, plugin), without and with NODE_COMPILE_CACHE, --reps K
                   times (default 5) (bench/stack-cost/main.ts), to bench/results/stack-cost.*, filed
                   under --stack-cost-label NAME (default "this build") beside other builds' figures
  --rate-budget    8 processes sharing one token at 600 requests/min (bench/sdk/rate-budget.ts);
                   --quick: a 6 s window of 60 requests, fewer requests
  --impact         the impact read at scale (bench/impact/main.ts): one organization of 10,000
                   numbers and 100,000 calls against the provider's plain reads, and 100 organizations
                   through one token at 600 requests/min, to bench/results/impact.*; --quick: 1,000
                   numbers and 10 organizations at 20 per 5 s, to bench/results/impact-quick.*.tmp
  --recovery       an up of 289 resources without checkpoints killed early, mid-way and late, each
                   recovered (recover --cancel, up --refresh), then its state file lost and rebuilt
                   (bench/recovery/main.ts), to bench/results/recovery.*; --quick: 43 resources
  --export         the export round trip of 1,000 linked numbers on 10 bridges: export, up taking it
                   over, preview (bench/export/main.ts), to bench/results/export.*; --quick: 100 numbers
  --sdk            only 1, SDK against raw undici, to bench/results/sdk.* (--quick: 40 pairs a case)
  --move-gap       how long a moved number is on no bridge, N = 40 … 10,000 (bench/moves/main.ts);
                   --quick runs N = 40 only; --move-gap-sets N the set form at N only, to
                   bench/results/move-gap-sets.*.tmp; --move-gap-render renders bench/results/move-gap.json again;
                   --move-gap-parallel P runs the engine with --parallel P
  --opentofu       OpenTofu against the Pulumi sides on the same estate (bench/same-estate/main.ts);
                   skipped with a note where OpenTofu is not installed (scripts/tools/opentofu builds it)
  --ts-program     the program as users write it: JavaScript, TypeScript, transpile-only
                   (both: --numbers 1000,10000 the sizes, --reps R the repetitions,
                   --render renders the results of that suite and those sizes again)
  --state-bytes    bytes per resource of each type in the checkpoint, native plugin and dynamic
                   resources (bench/state-bytes/main.ts); --numbers N then creates the per-link estate
                   of N numbers with each checkpoint setting of the engine (checkpoints on, without
                   the integrity check, off; the dynamic resources with them on), --reps R times (default 3); to
                   bench/results/state-bytes.*
  --help, -h       this text
`;
