// The pages that grow with a shop's data, as bench/volume.mjs and bench/small-server.mjs both load them, and what
// they ask about, read from a database seed:scale filled.
import { PGlite } from "@electric-sql/pglite";
import path from "node:path";
import pg from "pg";

/**
 * What the pages ask about, from the data: a product; a tool with entries in its ledger; the e-mail and phone of an
 * order from the middle of the list, which the order view shows; and an order awaiting the shop's confirmation (its
 * view reads its buyer's record).
 */
export async function samples(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await samplesFrom(client);
  } finally {
    await client.end();
  }
}

/** The same from the embedded database in `dataDir` (the store's folder), opened while no store holds it. */
export async function embeddedSamples(dataDir) {
  const client = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return await samplesFrom(client);
  } finally {
    await client.close();
  }
}

/** `client`: node-postgres's or PGlite's, both of which answer `query(text)` with `{ rows }`. */
async function samplesFrom(client) {
  const one = async (text) => (await client.query(text)).rows[0] ?? {};
  const counts = await one(
    `select (select count(*) from product)::int as products, (select count(*) from "order")::int as orders, (select count(*) from "user")::int as users`,
  );
  const product = await one(`select id from product order by created_at desc, id offset 100 limit 1`);
  const ledger = await one(
    `select product_id as id from stock_entry group by product_id order by count(*) desc, product_id limit 1`,
  );
  const order = await one(
    `select id, buyer_email as email, delivery ->> 'phone' as phone from "order" where delivery is not null
     order by created_at desc, id desc offset (select count(*) / 3 from "order") limit 1`,
  );
  const awaiting = await one(
    `select id from "order" where status = 'cod' and confirmed_at is null order by created_at desc, id desc limit 1`,
  );
  return {
    counts,
    productId: product.id,
    ledgerProductId: ledger.id ?? product.id,
    orderId: order.id,
    email: order.email ?? "",
    phone: order.phone ?? "",
    awaitingId: awaiting.id ?? order.id,
  };
}

/** Manage Orders' tabs, as its URL names them (shared/list-choices.ts ORDER_TABS). */
const ORDER_TABS = ["unpaid", "paid", "cod", "shipped", "delivered", "returned", "cancelled", "expired", "refund-due"];

/** The pages to load, `admin`'s headers on the dashboard's: the public pages, Manage Orders, the order view, the overview and the stock. */
export function volumePages(sample, admin) {
  const q = encodeURIComponent(sample.email.split("@")[0]);
  const manage = "/dashboard/manageorder";
  return [
    { label: "/", path: "/" },
    { label: "/shop", path: "/shop" },
    { label: "/shop?q=chisel", path: "/shop?q=chisel" },
    { label: "/detail/{id}", path: `/detail/${sample.productId}` },
    { label: "Manage Orders", path: manage, headers: admin },
    ...ORDER_TABS.map((tab) => ({ label: `Manage Orders, ${tab}`, path: `${manage}?status=${tab}`, headers: admin })),
    { label: "Manage Orders, a buyer's e-mail", path: `${manage}?q=${q}`, headers: admin },
    { label: "Manage Orders, a phone", path: `${manage}?q=${encodeURIComponent(sample.phone)}`, headers: admin },
    { label: "Order view", path: `/dashboard/order/${sample.orderId}`, headers: admin },
    { label: "Order view, awaiting confirmation", path: `/dashboard/order/${sample.awaitingId}`, headers: admin },
    { label: "Overview, 90 days", path: "/dashboard/overview?days=90", headers: admin },
    { label: "Stock", path: "/dashboard/stock", headers: admin },
    { label: "Stock, a search", path: "/dashboard/stock?q=chisel", headers: admin },
    { label: "Stock, a tool's ledger", path: `/dashboard/stock?product=${sample.ledgerProductId}`, headers: admin },
  ];
}
