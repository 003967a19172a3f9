import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Logger } from "drizzle-orm/logger";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { listenPostgres, type ChangeListener } from "./listen";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Follows NOTIFY on a channel until the database is closed. */
  listen(channel: string, listener: ChangeListener): void;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any constant will do, as long as every copy of the server uses the same one. */
const MIGRATION_LOCK_ID = 727_001;

export type DatabaseTarget = { url: string } | { dataDir: string } | { inMemory: true };

/** `logger` hears every query the store makes (the plan checks, `npm run explain`, read the store's own SQL so). */
export interface OpenOptions {
  logger?: Logger;
}

/** Opens the database and applies pending migrations before anything else may use it. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if ("url" in target) return openPostgres(target.url, options);
  return openPglite("dataDir" in target ? target.dataDir : undefined, options);
}

async function openPostgres(url: string, { logger }: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server ends (a restart, pg_terminate_backend) must not crash the process; the
  // pool replaces it on the next query.
  pool.on("error", (err) => console.error(`[db] an idle PostgreSQL connection failed: ${err.message}`));
  // Two servers starting together must not both run the same migration.
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  const stopListening: Array<() => Promise<void>> = [];
  return {
    db,
    kind: "postgres",
    listen: (channel, listener) => void stopListening.push(listenPostgres(url, channel, listener)),
    close: async () => {
      await Promise.all(stopListening.map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The extensions the migrations create, which PGlite must be given to load (PostgreSQL ships them). */
const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | undefined, { logger }: OpenOptions): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  }
  const drizzleDb = drizzlePglite(client, { schema });
  await migratePglite(drizzleDb, { migrationsFolder });
  return {
    db: (logger ? drizzlePglite(client, { schema, logger }) : drizzleDb) as unknown as Db,
    kind: "pglite",
    // One process owns an embedded database, so every change is seen; PGlite delivers a notification before
    // the query that caused it resolves.
    listen: (channel, listener) =>
      void client
        .listen(channel, () => listener.notify())
        .then(
          () => listener.state(true),
          (err: unknown) => console.error(`[db] cannot listen for ${channel}:`, err),
        ),
    close: () => client.close(),
  };
}
