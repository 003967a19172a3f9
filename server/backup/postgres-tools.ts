import { execFile } from "node:child_process";
import pg from "pg";
import { Refused } from "./refused";

/**
 * pg_dump and pg_restore from the PATH (the PostgreSQL client, of the server's major version or newer), given the
 * database as a URL without its password, which travels in PGPASSWORD so that no process list shows it.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  return { dbname: target.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(program: string, args: string[], url: string): Promise<void> {
  const { dbname, env } = connection(url);
  return new Promise((resolve, reject) =>
    execFile(program, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 }, (err, _out, stderr) => {
      if (!err) return resolve();
      if ((err as NodeJS.ErrnoException).code === "ENOENT") {
        return reject(
          new Refused(
            `${program} was not found: install the PostgreSQL client of your server's version (Debian: apt-get install postgresql-client) or put it on PATH.`,
          ),
        );
      }
      const why = stderr.trim().split("\n").slice(0, 3).join(" ") || err.message;
      reject(new Refused(`${program} failed: ${why}`));
    }),
  );
}

/** A consistent dump (pg_dump works in one snapshot while the store writes) in pg_dump's custom format. */
export const pgDump = (url: string, target: string) => run("pg_dump", ["--format=custom", `--file=${target}`], url);

/**
 * Restores a custom-format dump in one transaction: objects the dump holds are dropped first, and a failure
 * leaves the database as it was. Owners and grants are the connecting user's, as the store's own tables are.
 */
export const pgRestore = (url: string, source: string) =>
  run(
    "pg_restore",
    ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", source],
    url,
  );

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Who else is connected to the database (a store, psql, …), as "application (address)"; the store is "randa". */
export async function otherSessions(url: string): Promise<string[]> {
  const rows = await query<{ who: string }>(
    url,
    `select coalesce(nullif(application_name, ''), 'a client') || ' (' || coalesce(host(client_addr), 'local socket') || ')' as who
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.who);
}

/** How many tables the store's schemas hold: none in a database made for the restore. */
export async function storeTableCount(url: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    url,
    "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
  );
  return row?.n ?? 0;
}

/** The shop's size in a restored database, for the operator's message. */
export const shopCountsSql = `select (select count(*)::int from "user") as accounts, (select count(*)::int from product) as products,
  (select count(*)::int from "order") as orders`;

export interface ShopCounts {
  accounts: number;
  products: number;
  orders: number;
}

export async function shopCounts(url: string): Promise<ShopCounts> {
  const [row] = await query<ShopCounts>(url, shopCountsSql);
  return row!;
}
