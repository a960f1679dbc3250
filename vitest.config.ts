import { defineConfig } from "vitest/config";

/**
 * The tests beside the code they test (app/, server/, db/) share a worker's loaded modules from file
 * to file: each file loading the application anew was about half of their time (decision 058).
 * They keep no state between files that another reads, except the few named here, which run
 * isolated, as do the integration tests (servers, child processes, the process's own settings).
 */
const besideTheCode = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts", "bench/**/*.test.ts"];
const needIsolation = [
  // Read the log's outage state, which another file's refused connection may have left behind
  // (the listing's test found no first line in a PostgreSQL run whose worker had an outage open).
  "app/modules/reservations/outage-logs.server.test.ts",
  "app/modules/events/event-listing-outage.server.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // One migrated embedded database per run, copied for each test file (tests/support/test-database.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    pool: "forks",
    testTimeout: 60_000,
    // A test file's servers start in its hooks; on a busy two-core machine that can take minutes.
    hookTimeout: 180_000,
    // Each file gets its own database; two at a time suit a two-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "beside-the-code", include: besideTheCode, exclude: needIsolation, isolate: false },
      },
      {
        extends: true,
        test: { name: "isolated", include: ["tests/integration/**/*.test.ts", ...needIsolation] },
      },
    ],
  },
});
