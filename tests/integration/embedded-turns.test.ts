import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@server/db/client";

/**
 * The embedded database's queries wait a turn of the event loop each (server/db/pglite-turns.ts), so a request
 * arriving while others queue their queries is read at once rather than after all of them. A callback the loop
 * owes (here an immediate, as a socket's read is a callback the loop owes) runs before a queue of queries ends.
 */
describe("the embedded database under a queue of queries", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
  });
  afterAll(async () => {
    await database.close();
  });

  it("lets the event loop take its turn before the queue ends", async () => {
    const order: string[] = [];
    const turn = new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push("the loop's turn");
        resolve();
      }),
    );
    const queries = Array.from({ length: 50 }, (_, i) =>
      database.db.execute(sql`select ${i}::integer as n`).then(() => order.push(`query ${i}`)),
    );
    await Promise.all([turn, ...queries]);
    expect(order).toHaveLength(51);
    expect(order.indexOf("the loop's turn")).toBeLessThan(50);
  });

  it("still answers every query, in a transaction too", async () => {
    const outside = await Promise.all(
      Array.from({ length: 20 }, (_, i) => database.db.execute(sql`select ${i}::integer as n`)),
    );
    expect(outside.map((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
    const inside = await database.db.transaction(async (tx) => {
      const a = await tx.execute(sql`select 1::integer as n`);
      const b = await tx.execute(sql`select 2::integer as n`);
      return [a, b].map((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n);
    });
    expect(inside).toEqual([1, 2]);
  });
});
