// `npm test`: the production build, the integration suite on a real database, then the browser suite on Chromium,
// then one closing line with the counts of both. `--only=integration` runs the integration suite alone (CI's
// PostgreSQL pass, on the build the first pass made).
// The counts are also written to reports/summary-$TEST_SUMMARY_NAME.json for CI's grand total.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const integrationOnly = process.argv.includes("--only=integration");
const integrationReport = "reports/integration-results.json";
const e2eReport = "reports/e2e-results.json";
mkdirSync("reports", { recursive: true });
rmSync(integrationReport, { force: true });
rmSync(e2eReport, { force: true });

const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit" }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);

// The production build first: the browser suite runs on it, and so do the integration tests that start whole store
// processes (tests/support/built-store.ts). Built once here, not once per suite.
if (!integrationOnly && run("npm", ["run", "build"]) !== 0) process.exit(1);

const integration = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${integrationReport}`,
]);
process.env.E2E_SKIP_BUILD = "1";
const e2e = integrationOnly ? 0 : run("node", ["scripts/test-e2e.mjs"]);

const counts = { passed: 0, failed: 0, skipped: 0 };
const vitest = readJson(integrationReport);
if (vitest) {
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
} else {
  console.log("Integration suite: no report (it did not run to the end).");
}
if (!integrationOnly) {
  const playwright = readJson(e2eReport);
  if (playwright) {
    counts.passed += playwright.stats.expected;
    counts.failed += playwright.stats.unexpected + playwright.stats.flaky;
    counts.skipped += playwright.stats.skipped;
  } else {
    console.log("Browser suite: NOT RUN (see above).");
  }
}

// A suite can end non-zero with no failed test (an unhandled error between tests, a server that would not start):
// said here, so the closing line's "0 failed" is never read as a pass.
if (integration !== 0) console.log(`Integration suite: exited with code ${integration} (see its errors above).`);
if (e2e !== 0) console.log(`Browser suite: exited with code ${e2e} (see its errors above).`);
const ok = integration === 0 && e2e === 0 && counts.failed === 0;
writeFileSync(`reports/summary-${process.env.TEST_SUMMARY_NAME ?? "last"}.json`, JSON.stringify({ ...counts, ok }));
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(ok ? 0 : 1);
