import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const TESTS = "tests/integration";

/**
 * What makes a test file need a process of its own: it mocks a module or spies on a global (which a module another
 * file imported first would not see), writes process.env, or starts processes and servers, or captures the
 * store's output (tests/support named below), whose process-wide state another file would find changed.
 */
const NEEDS_ITS_OWN_PROCESS = [
  /\bvi\.(mock|doMock|spyOn|stubEnv|stubGlobal|useFakeTimers)\b/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|Object\.assign\(process\.env/,
  /\bchild_process\b|\bsetProcessLog\b|\bprocess\.on\(/,
  /support\/(api-servers|built-store|captured-output|nginx|run-command|store-process)["']/,
];

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The test files that run each in a fresh process; every other file shares its worker's modules with the next. */
const isolated = testFiles(TESTS).filter((file) => {
  const text = readFileSync(file, "utf8");
  return NEEDS_ITS_OWN_PROCESS.some((rule) => rule.test(text));
});

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // tests/integration/postgres/ needs a PostgreSQL server (DATABASE_URL) and is not collected without one.
    exclude: process.env.DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, `${TESTS}/postgres/**`],
    environment: "node",
    setupFiles: ["tests/support/texts.ts", "tests/support/password-hashing.ts"],
    globalSetup: ["tests/support/database-template.ts"],
    // Vitest's default is one worker fewer than the cores: a single one on CI's two. Many tests wait on PostgreSQL,
    // spawned servers or timers, so two files at once use both cores and keep the suite within CI's time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file makes its own database and services (tests/support/test-app.ts), so most files need no process of
    // their own: importing the store's modules once per worker instead of once per file saves about a fifth of the
    // suite (docs/decisions/0045-tests-share-their-workers.md).
    projects: [
      // A project's include and exclude add to the root's, so each project names its own files.
      {
        extends: true,
        test: { name: "shared", isolate: false, include: [`${TESTS}/**/*.test.{ts,tsx}`], exclude: isolated },
      },
      { extends: true, test: { name: "isolated", isolate: true, include: isolated } },
    ],
  },
});
