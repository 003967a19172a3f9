import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { createServices, type Services } from "@server/services";
import { urlNamed } from "./due-orders";
import { createTestDatabase, type TestDatabase } from "./test-database";

const AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";
export const COPIES_BASE_URL = "http://127.0.0.1:3000";

/** Copies of the store on one PostgreSQL test database, each with a connection pool of its own, named as it. */
export interface StoreCopies {
  database: TestDatabase;
  copies: Services[];
  close(): Promise<void>;
}

/** Opens a copy per name, configured with `env` besides; a test that needs DATABASE_URL (PostgreSQL). */
export async function openStoreCopies(names: string[], env: Record<string, string> = {}): Promise<StoreCopies> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "randa-copies-"));
  const database = await createTestDatabase();
  if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
  const copies = await Promise.all(
    names.map(async (name) => {
      const url = urlNamed(database.url!, name);
      const config = loadConfig({
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        AUTH_SECRET,
        BASE_URL: COPIES_BASE_URL,
        ...env,
      });
      return createServices(await openDatabase({ url }), config);
    }),
  );
  return {
    database,
    copies,
    async close() {
      await Promise.all(copies.map((c) => c.database.close()));
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
