import { sql } from "drizzle-orm";
import type { Database } from "@server/db/client";

/** One md5 per table, keyed `schema.table`: equal fingerprints mean no row was added, removed or changed. */
export type Fingerprint = Record<string, string>;

/** What a fingerprint leaves out: whole tables, or some columns of a table's rows (`"public.product"` keys). */
export interface Ignored {
  tables?: string[];
  columns?: Record<string, string[]>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function rowsOf<T>(database: Database, query: string): Promise<T[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

/** Every table of every schema the migrations made: the store's (public) and drizzle's migration journal. */
function tablesOf(database: Database): Promise<{ name: string }[]> {
  return rowsOf(
    database,
    `select table_schema || '.' || table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
}

/**
 * A table's version: its row count and its newest row version (xmin). Read while no transaction is in progress
 * (between requests), every later insert or update writes a row version with a higher transaction id and every
 * delete lowers the count, so an unchanged version means unchanged rows; a rolled-back write is not seen.
 * Cheap: no row is turned into text.
 */
const VERSION = "count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) as version";

/**
 * The hash of a table's rows as a multiset: the sum of each row's md5 (its first 60 bits), the ignored columns left
 * out. Equal rows in any order give the same sum, and no sort of the rows' text is needed, so hashing a table
 * costs one pass over it.
 */
function md5Of(from: string, ignoredColumns: string[]) {
  const row =
    ignoredColumns.length === 0
      ? "t::text"
      : `(to_jsonb(t)${ignoredColumns.map((c) => ` - ${literal(c)}`).join("")})::text`;
  return `(select coalesce(sum(('x' || left(md5(${row}), 15))::bit(60)::bigint), 0)::text from ${from} t)`;
}

interface Fingerprinter {
  tables: { name: string; from: string; ignoredColumns: string[] }[];
  /** md5 by `table@version`: a table is hashed again only once its version has changed. */
  md5s: Map<string, string>;
  /** The last fingerprint, and the snapshot of committed transactions it was taken in. */
  last?: { snapshot: string; fingerprint: Fingerprint };
}

const fingerprinters = new WeakMap<Database, Map<string, Promise<Fingerprinter>>>();

function fingerprinterFor(database: Database, ignored: Ignored): Promise<Fingerprinter> {
  const byIgnored = fingerprinters.get(database) ?? new Map<string, Promise<Fingerprinter>>();
  fingerprinters.set(database, byIgnored);
  const key = JSON.stringify(ignored);
  let made = byIgnored.get(key);
  if (!made) {
    made = tablesOf(database).then((tables) => ({
      tables: tables
        .filter(({ name }) => !ignored.tables?.includes(name))
        .map(({ name }) => ({
          name,
          from: name.split(".").map(quote).join("."),
          ignoredColumns: ignored.columns?.[name] ?? [],
        })),
      md5s: new Map(),
    }));
    byIgnored.set(key, made);
  }
  return made;
}

/**
 * Hashes every row of every table (md5s summed per table), so that a request's effect on the database can be
 * seen. Only tables whose version changed since they were last hashed are read again, and none when no
 * transaction has completed since the last fingerprint: the same snapshot sees the same rows.
 */
export async function fingerprint(database: Database, ignored: Ignored = {}): Promise<Fingerprint> {
  const fingerprinter = await fingerprinterFor(database, ignored);
  const { tables, md5s, last } = fingerprinter;
  const [{ snapshot }] = (await rowsOf<{ snapshot: string }>(
    database,
    "select pg_current_snapshot()::text as snapshot",
  )) as [{ snapshot: string }];
  if (last?.snapshot === snapshot) return last.fingerprint;
  const versions = await rowsOf<{ name: string; version: string }>(
    database,
    tables.map((t) => `select ${literal(t.name)} as name, ${VERSION} from ${t.from} t`).join("\nunion all\n"),
  );
  const stale = tables.filter((t) => !md5s.has(`${t.name}@${versions.find((v) => v.name === t.name)!.version}`));
  if (stale.length > 0) {
    // Version and md5 in one statement, so that both describe the same rows.
    const hashed = await rowsOf<{ name: string; version: string; md5: string }>(
      database,
      stale
        .map(
          (t) =>
            `select ${literal(t.name)} as name, ${VERSION}, ${md5Of(t.from, t.ignoredColumns)} as md5 from ${t.from} t`,
        )
        .join("\nunion all\n"),
    );
    for (const h of hashed) md5s.set(`${h.name}@${h.version}`, h.md5);
  }
  const result: Fingerprint = Object.fromEntries(
    versions.map((v) => {
      const md5 = md5s.get(`${v.name}@${v.version}`);
      if (md5 === undefined) throw new Error(`${v.name} changed while it was being fingerprinted`);
      return [v.name, md5];
    }),
  );
  // Read before the tables, the snapshot is never newer than the rows: a write in between shows next time.
  fingerprinter.last = { snapshot, fingerprint: result };
  return result;
}

/**
 * The rate limits' counters (server/limits/): a call the domain refuses is counted all the same, so that repeating
 * a refused order or upload still meets the limit.
 */
export const CALLS_COUNTED: Ignored = { tables: ["public.request_limit"] };

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
