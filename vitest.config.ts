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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
