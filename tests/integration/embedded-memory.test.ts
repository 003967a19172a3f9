import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "@server/db/client";

/**
 * The embedded database's page cache lives in PGlite's WebAssembly memory, which only grows: the store opens it
 * with 32 MB of shared buffers rather than PostgreSQL's 128 MB, so a shop fits a 1 GB server
 * (docs/decisions/0044-memory-on-a-small-server.md).
 */
describe("the embedded database's memory", () => {
  it.each([
    ["on a data directory", () => ({ dataDir: mkdtempSync(path.join(tmpdir(), "randa-memory-")) })],
    ["in memory", () => ({ inMemory: true as const })],
  ])("keeps 32 MB of shared buffers %s", async (_where, target) => {
    const where = target();
    const database = await openDatabase(where);
    try {
      const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(rows[0]?.shared_buffers).toBe("32MB");
    } finally {
      await database.close();
      if ("dataDir" in where) rmSync(where.dataDir, { recursive: true, force: true });
    }
  });
});
