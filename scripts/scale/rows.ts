import type { SQL } from "drizzle-orm";
import type { Db } from "../../server/db/client";

/** The rows of a statement; both drivers (node-postgres and PGlite) answer `execute` with { rows }. */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
