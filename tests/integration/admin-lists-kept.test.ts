import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { catalogSettled } from "../support/catalog-feed";
import { makeProduct } from "../support/orders";
import { usePageApp } from "../support/page-app";

/** The stock page's row of a tool: its name and the pieces on its shelf. */
const shelfOf = (html: string, name: string) =>
  new RegExp(`<tr class="border-t[^"]*">[^]*?${name}</td><td[^>]*>([^<]*)</td>`).exec(html)?.[1];

/**
 * The stock page's and Manage Products' pages of the catalog, and every page's footer, are kept until the catalog
 * changes (server/catalog/products.ts): these are the changes they must not miss, and the proof that they are kept.
 */
describe("the admins' lists of the catalog stay true to the database", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  const stockPage = async (q: string) => {
    const res = await t.request(`/dashboard/stock?q=${encodeURIComponent(q)}`, { headers: asCookie(admin) });
    expect(res.status).toBe(200);
    return res.text();
  };

  it("shows the stock an order just took, and a product as soon as it is added", async () => {
    const { id, name } = await makeProduct(t, { name: "Kept Test Spokeshave", availability: 200 });
    await catalogSettled(t.services.catalogVersion);
    expect(shelfOf(await stockPage("spokeshave"), name)).toBe("200 Pis");
    const res = await t.request("/api/order", jsonInit("POST", { productId: id, quantity: 40 }, asBearer(buyer)));
    expect(res.status).toBe(200);
    expect(shelfOf(await stockPage("spokeshave"), name)).toBe("160 Pis");

    const added = await t.request(
      "/api/product",
      jsonInit(
        "POST",
        {
          name: "Kept Test Drawknife",
          price: 900,
          Availability: 40,
          minimumQuantity: 20,
          desc: "A drawknife.",
          image: "/images/products/marking-gauge.svg",
        },
        asBearer(admin),
      ),
    );
    expect(added.status).toBe(200);
    expect(shelfOf(await stockPage("drawknife"), "Kept Test Drawknife")).toBe("40 Pis");
    // The footer names the newest products on every page.
    const home = await (await t.request("/dashboard/stock", { headers: asCookie(admin) })).text();
    expect(home).toContain("Kept Test Drawknife");
  });

  it("keeps a page while the catalog is unchanged, and shows a change another process committed", async () => {
    const { id, name } = await makeProduct(t, { name: "Kept Test Router Plane", availability: 300 });
    await catalogSettled(t.services.catalogVersion);
    expect(shelfOf(await stockPage("router plane"), name)).toBe("300 Pis");
    // A change the catalog's announcement does not carry (its trigger off): unseen, the page is kept.
    await t.database.db.execute(sql`alter table product disable trigger product_catalog_changed`);
    try {
      await t.database.db.update(product).set({ availability: 280 }).where(eq(product.id, id));
      expect(shelfOf(await stockPage("router plane"), name)).toBe("300 Pis");
    } finally {
      await t.database.db.execute(sql`alter table product enable trigger product_catalog_changed`);
    }
    if (t.database.url) {
      // Another process's connection: its change reaches this one through the database's announcement.
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      await other.query("update product set availability = 250 where id = $1", [id]);
      await other.end();
      await expect.poll(async () => shelfOf(await stockPage("router plane"), name), { timeout: 5000 }).toBe("250 Pis");
    } else {
      // An embedded database has one process; a change made beside the store is announced at once.
      await t.database.db.update(product).set({ availability: 250 }).where(eq(product.id, id));
      expect(shelfOf(await stockPage("router plane"), name)).toBe("250 Pis");
    }
  });
});
