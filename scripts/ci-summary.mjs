// Adds up the summaries the CI passes wrote (reports/summary-*.json) into one closing line.
import { readdirSync, readFileSync } from "node:fs";

const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of readdirSync("reports").filter((f) => /^summary-.+\.json$/.test(f))) {
  const s = JSON.parse(readFileSync(`reports/${file}`, "utf8"));
  total.passed += s.passed;
  total.failed += s.failed;
  total.skipped += s.skipped;
}
console.log(`CI: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
