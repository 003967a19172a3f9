import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/integration/**/*.test.{ts,tsx}"],
    // tests/integration/postgres/ needs a PostgreSQL server (DATABASE_URL) and is not collected without one.
    exclude: process.env.DATABASE_URL
      ? configDefaults.exclude
      : [...configDefaults.exclude, "tests/integration/postgres/**"],
    environment: "node",
    setupFiles: ["tests/support/texts.ts"],
    globalSetup: ["tests/support/database-template.ts"],
    // Vitest's default is one worker fewer than the cores: a single one on CI's two. Many tests wait on PostgreSQL,
    // spawned servers or timers, so two files at once use both cores and keep the suite within CI's time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
