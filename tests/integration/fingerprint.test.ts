import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { changedTables, fingerprint } from "../support/fingerprint";
import { makeProduct } from "../support/orders";
import { useTestApp } from "../support/test-app";

describe("the database fingerprint the fuzz tests compare", () => {
  const t = useTestApp();
  const changesOf = async (act: () => Promise<unknown>, ignored = {}) => {
    const before = await fingerprint(t.database, ignored);
    await act();
    return changedTables(before, await fingerprint(t.database, ignored));
  };

  /** A row of the product table alone (makeProduct also opens the product's stock ledger). */
  const insertProduct = () =>
    t.database.db.insert(product).values({
      name: "Fingerprinted Gauge",
      image: "/images/products/marking-gauge.svg",
      pricePoisha: 12_500,
      priceFromPoisha: 12_500,
      minimumQuantity: 20,
      availability: 200,
    });

  it("sees an insert, an update and a delete, in the table they touched", async () => {
    const [{ id }] = (await insertProduct().returning({ id: product.id })) as [{ id: string }];
    expect(await changesOf(insertProduct)).toEqual(["public.product"]);
    const update = () => t.database.db.update(product).set({ availability: 7 }).where(eq(product.id, id));
    expect(await changesOf(update)).toEqual(["public.product"]);
    expect(await changesOf(() => t.database.db.delete(product).where(eq(product.id, id)))).toEqual(["public.product"]);
  });

  it("sees no change when nothing changed, when a transaction rolled back, or when a row was rewritten as it was", async () => {
    const { id, name } = await makeProduct(t);
    expect(await changesOf(() => Promise.resolve())).toEqual([]);
    const rolledBack = () =>
      t.database.db
        .transaction(async (tx) => {
          await tx.update(product).set({ name: "Changed" }).where(eq(product.id, id));
          throw new Error("roll back");
        })
        .catch(() => {});
    expect(await changesOf(rolledBack)).toEqual([]);
    expect(await changesOf(() => t.database.db.update(product).set({ name }).where(eq(product.id, id)))).toEqual([]);
  });

  it("leaves out the columns and tables it is told to", async () => {
    const { id } = await makeProduct(t);
    const touch = () => t.database.db.execute(sql`update product set details = 'new' where id = ${id}`);
    expect(await changesOf(touch, { columns: { "public.product": ["details"] } })).toEqual([]);
    expect(await changesOf(insertProduct, { tables: ["public.product"] })).toEqual([]);
  });
});
