import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // One migrated embedded database per run, copied for each test file (tests/support/test-database.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    pool: "forks",
    testTimeout: 60_000,
    // A test file's servers start in its hooks; on a busy two-core machine that can take minutes.
    hookTimeout: 180_000,
    // Each file gets its own database; two at a time suit a two-core machine.
    maxWorkers: 2,
  },
});
