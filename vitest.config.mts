import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    pool: "forks",
    // Two test files at a time: each runs in its own process with its own emulator, engine home and
    // state backend, and an e2e file spends much of its time waiting on the engine, so a second file
    // fills the idle core (vitest's default is one worker on a 2-core machine).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".vitest-report.json" }]] : ["default"],
  },
});
