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
import type { PoolStats } from "../metrics/store-metrics";
import { withCommitEffects } from "./after-commit";
import { lockDataDir } from "./data-dir-lock";
import { listenPostgres, type ChangeListener } from "./listen";
import { snapshotPglite } from "./pglite-snapshot";
import { takeTurns } from "./pglite-turns";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Follows NOTIFY on a channel until the database is closed. */
  listen(channel: string, listener: ChangeListener): void;
  /** The connection pool's state now (PostgreSQL); null for the embedded database, which has one connection. */
  poolStats(): PoolStats | null;
  /**
   * Copies the embedded database's data directory into the new folder `into`, consistently while the store runs;
   * resolves with how long queries waited, in ms (PGlite on a data directory only).
   */
  snapshot?(into: string): Promise<number>;
  /** The embedded database's whole data directory as a tar file (PGlite in memory only), to start others from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any constant will do, as long as every copy of the server uses the same one. */
const MIGRATION_LOCK_ID = 727_001;

/** `inMemory` may start from a dump of another embedded database (`dumpDataDir`) instead of an empty one. */
export type DatabaseTarget = { url: string } | { dataDir: string } | { inMemory: true; from?: Blob };

/** `logger` hears every query the store makes (the plan checks, `npm run explain`, read the store's own SQL so). */
export interface OpenOptions {
  logger?: Logger;
}

/** Opens the database and applies pending migrations before anything else may use it. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  if ("url" in target) return openPostgres(target.url, options);
  if ("dataDir" in target) return openPglite({ dataDir: target.dataDir }, options);
  return openPglite({ from: target.from }, options);
}

async function openPostgres(url: string, { logger }: OpenOptions): Promise<Database> {
  // Named, so that pg_stat_activity (and npm run restore's refusal) says whose connections they are.
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: "randa" });
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
  const db = withCommitEffects(drizzlePg(pool, { schema, logger }) as unknown as Db);
  const stopListening: Array<() => Promise<void>> = [];
  return {
    db,
    kind: "postgres",
    listen: (channel, listener) => void stopListening.push(listenPostgres(url, channel, listener)),
    poolStats: () => ({
      size: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await Promise.all(stopListening.map((stop) => stop()));
      await pool.end();
    },
  };
}

/** The extensions the migrations create, which PGlite must be given to load (PostgreSQL ships them). */
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PostgreSQL's page cache inside PGlite's WebAssembly memory, which never shrinks: PostgreSQL's default 128 MB is
 * the whole memory of a small server, and the operating system's file cache holds the data directory's pages as
 * well. 32 MB keeps the hot part of a shop's catalog and orders (docs/decisions/0044-memory-on-a-small-server.md).
 */
export const PGLITE_SHARED_BUFFERS = "32MB";
export const PGLITE_OPTIONS = {
  extensions: PGLITE_EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

async function openPglite(
  { dataDir, from }: { dataDir?: string; from?: Blob },
  { logger }: OpenOptions,
): Promise<Database> {
  // PGlite does not lock its directory; a second process opening it would corrupt it (data-dir-lock.ts).
  const lock = dataDir ? lockDataDir(dataDir) : null;
  const dir = dataDir ? path.resolve(dataDir, "pglite") : null;
  let client: PGlite | undefined;
  try {
    if (dir) {
      mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir, PGLITE_OPTIONS);
    } else {
      client = await PGlite.create({ ...PGLITE_OPTIONS, ...(from ? { loadDataDir: from } : {}) });
    }
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    takeTurns(client);
  } catch (err) {
    await client?.close().catch(() => {});
    lock?.release();
    throw err;
  }
  const drizzleDb = drizzlePglite(client, { schema });
  return {
    db: withCommitEffects((logger ? drizzlePglite(client, { schema, logger }) : drizzleDb) as unknown as Db),
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
    poolStats: () => null,
    snapshot: dir ? (into) => snapshotPglite(client, dir, into) : undefined,
    dumpDataDir: dir ? undefined : () => client.dumpDataDir("none").then((dump) => dump as Blob),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}
