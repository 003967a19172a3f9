import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "@server/db/client";

export interface TestDatabase extends Database {
  /** The connection URL of the database made for the test file (PostgreSQL only). */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the database made for the test file. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (so test files never see each other's rows). Each is a copy of the
 * suite's migrated template (tests/support/database-template.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const template = inject("pgliteTemplate");
    const database = await openDatabase({ inMemory: true, from: template ? templateDump(template) : undefined });
    return { ...database, destroy: () => database.close() };
  }
  const name = `randa_test_${randomBytes(6).toString("hex")}`;
  const template = inject("postgresTemplate");
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The template's dump (40 MB), read once per test worker: the files a worker runs one after another (Vitest's shared
 * project) each start from it, and reading and copying it again cost half a second of CPU a file.
 */
function templateDump(file: string): Blob {
  if (kept?.file !== file) kept = { file, dump: new Blob([readFileSync(file)]) };
  return kept.dump;
}

let kept: { file: string; dump: Blob } | undefined;

/** Runs one statement on the server's maintenance database (DATABASE_URL): create or drop a database. */
export async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
