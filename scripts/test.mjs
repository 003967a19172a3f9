// `npm test`: the integration suite on a real database, then the browser suite on Chromium,
// then one closing line with the counts of both.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const integrationReport = "test-results/integration-results.json";
const e2eReport = "test-results/e2e-results.json";
rmSync(integrationReport, { force: true });
rmSync(e2eReport, { force: true });

const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit" }).status ?? 1;

const integration = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${integrationReport}`,
]);
const e2e = run("node", ["scripts/test-e2e.mjs"]);

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(integrationReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = readJson(e2eReport);
if (playwright) {
  passed += playwright.stats.expected;
  failed += playwright.stats.unexpected + playwright.stats.flaky;
  skipped += playwright.stats.skipped;
}
if (!playwright) console.log("Browser suite: not run (see above).");
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(integration !== 0 || e2e !== 0 || failed > 0 ? 1 : 0);
