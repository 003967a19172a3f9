import type { Query, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

const dialect = new PgDialect();

/**
 * A statement on the hot path of a write, its text built once with `sql.placeholder(name)` for what changes from
 * call to call, and run under a name of its own: PostgreSQL parses it once per connection and may keep its plan,
 * and the store neither builds its SQL again nor sends its text. `db` may be a transaction, which runs it on its
 * own connection. The rows come as the driver answers them (columns by their database names). A name must be
 * unique in the store, and its statement's text must never depend on the values (PostgreSQL refuses a name given
 * to two texts).
 */
export function preparedStatement<Row = Record<string, unknown>>(name: string, build: () => SQL) {
  let query: Query | undefined;
  return async (db: { _: Pick<Db["_"], "session"> }, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    // Both drivers (node-postgres and PGlite) answer a statement without typed fields with { rows }.
    const result = (await db._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
