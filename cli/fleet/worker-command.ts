/**
 * The command line's hidden command that makes a process a fleet worker. The fleet starts its workers
 * through the command line itself, so they run wherever it runs: under `node` from the package, or as
 * the single executable, which runs its one bundled script whatever file it is handed.
 */
export const WORKER_COMMAND = "__fleet-worker";
