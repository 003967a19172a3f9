// npm run explain [-- --brief]: EXPLAIN (ANALYZE, BUFFERS) of every list and search query the store makes, on the
// database the store would open (run `npm run seed:scale` on it first). Prints each plan, its time, and whether a
// big table is read whole; ends with a summary, and exits 1 when one is where no reason is given for it.
import { sql } from "drizzle-orm";
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { LIST_CHECKS, planChecks, statementRecorder } from "./scale/plans";
import { rowsOf } from "./scale/rows";

const brief = process.argv.includes("--brief");

try {
  const config = loadConfig();
  const recorder = statementRecorder();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
    { logger: recorder.logger },
  );
  try {
    const [c] = await rowsOf<{ products: number; orders: number; users: number }>(
      database.db,
      sql`
      select (select count(*) from product)::int as products, (select count(*) from "order")::int as orders,
        (select count(*) from "user")::int as users`,
    );
    console.log(`${database.kind}: ${c?.products} products, ${c?.orders} orders, ${c?.users} users.\n`);
    const checks = await planChecks(database.db, recorder);
    const expected = new Map(LIST_CHECKS.map((check) => [check.name, check.seqScanExpected]));
    let unexpected = false;
    const summary: string[] = [];
    for (const check of checks) {
      const execution = check.statements.reduce((n, s) => n + (s.executionMs ?? 0), 0);
      const scans = [...new Set(check.statements.flatMap((s) => s.seqScans))];
      const why = expected.get(check.name);
      if (scans.length > 0 && !why) unexpected = true;
      summary.push(
        `${check.name.padEnd(48)} ${check.ms.toFixed(1).padStart(7)} ms ${execution.toFixed(1).padStart(7)} ms  ${scans.length ? `SEQ SCAN of ${scans.join(", ")}${why ? " (expected)" : ""}` : "indexes"}`,
      );
      if (brief) continue;
      console.log(`== ${check.name}: ${check.ms.toFixed(1)} ms in the store's function`);
      if (why) console.log(`   (a sequential scan is expected: ${why})`);
      for (const statement of check.statements) {
        console.log(`-- ${statement.sql.length > 400 ? `${statement.sql.slice(0, 400)}…` : statement.sql}`);
        for (const line of statement.plan) console.log(`   ${line}`);
        console.log(
          statement.countsEveryRow
            ? "   a count of every row: it reads them all, by any plan"
            : statement.seqScans.length
              ? `   !! a sequential scan of ${statement.seqScans.join(", ")}`
              : "   no sequential scan of a big table",
        );
      }
      console.log("");
    }
    console.log(`${"check".padEnd(48)} ${"function".padStart(10)} ${"execution".padStart(10)}  plan`);
    for (const line of summary) console.log(line);
    if (unexpected) process.exitCode = 1;
  } finally {
    await database.close();
  }
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
