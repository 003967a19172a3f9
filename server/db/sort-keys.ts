import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// The order of a list as its index holds it. Drizzle writes an index column's `.desc()` as DESC NULLS LAST, and
// ORDER BY's plain DESC means NULLS FIRST; PostgreSQL reads an index for an ORDER BY only when the two agree (it does
// not reason from NOT NULL), and otherwise reads and sorts the whole table (`npm run explain` shows which).

/** Descending, as a `.desc()` index column holds it. */
export const descNullsLast = (column: AnyPgColumn): SQL => sql`${column} desc nulls last`;

/** Ascending, as a `.desc()` index column read backward gives it. */
export const ascNullsFirst = (column: AnyPgColumn): SQL => sql`${column} asc nulls first`;
