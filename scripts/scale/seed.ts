// Years of a shop's data in a few statements: products, customers, orders with their histories and payments, and
// reviews, each made by one INSERT … SELECT over generate_series in the database itself. Used by
// `npm run seed:scale` and by the PostgreSQL plan test.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { OTHER_CATEGORY_ID } from "../../server/db/schema";
import { demoCategories } from "../../server/db/seed-data";
import { rowsOf } from "./rows";
import {
  brands,
  emailDomains,
  extraCategories,
  firstNames,
  kinds,
  lastNames,
  makings,
  places,
  qualifiers,
  reviewLines,
  bnSize,
} from "./words";

export interface ScaleSizes {
  products: number;
  orders: number;
  users: number;
  reviews: number;
}

export const DEFAULT_SCALE: ScaleSizes = { products: 10_000, orders: 200_000, users: 20_000, reviews: 5_000 };

/** app_meta's note that a database holds scale data: a second run would only add copies, so it refuses. */
export const SCALE_KEY = "scale_data_seeded_at";
const SCALE_LOCK_ID = 727_003;

/** Products appeared over the last three years, customers over a little more than two, orders over two. */
const PRODUCT_SPAN_DAYS = 3 * 365;
const USER_SPAN_DAYS = 2.2 * 365;
const ORDER_SPAN_DAYS = 2 * 365;
/** How long an unpaid order holds its stock: the store's default ORDER_HOLD_MINUTES. */
const HOLD_MINUTES = 60;
/**
 * An unpaid order is placed at most this long ago, a quarter of an hour inside its hold, so none expires while a
 * check or a bench reads the data just seeded.
 */
const UNPAID_SECONDS = (HOLD_MINUTES - 15) * 60;
/** Orders placed within that time whatever the random draw: unpaid ones, still holding their stock. */
const JUST_PLACED = 3;

const ADMIN_REASONS = [
  "Out of stock at the warehouse",
  "The buyer asked by phone",
  "Delivery address could not be reached",
  "Duplicate order",
];

export class ScaleRefused extends Error {}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

type Step = (tx: Db) => Promise<unknown>;

/**
 * Fills `db` with `sizes` worth of data, in one transaction, and then VACUUM ANALYZE so that the planner knows the
 * tables. Refuses (ScaleRefused) a database that holds scale data already. `log` hears each step and its time.
 */
export async function seedScaleData(db: Db, sizes: ScaleSizes, log: (line: string) => void = () => {}) {
  const started = performance.now();
  const timed = async (what: string, step: () => Promise<unknown>) => {
    const t = performance.now();
    await step();
    log(`${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCALE_LOCK_ID})`);
    const [done] = await rowsOf<{ value: string }>(tx, sql`select value from app_meta where key = ${SCALE_KEY}`);
    const when = done?.value;
    if (when) throw new ScaleRefused(`This database already holds scale data (seeded ${when}); seed a fresh one.`);
    await skipForeignKeyChecks(tx);
    const steps: Array<[string, Step]> = [
      ["categories", categories],
      ["word tables", (t) => wordTables(t, sizes)],
      [`${sizes.products} products`, (t) => products(t, sizes)],
      [`${sizes.users} customers`, users],
      [`${sizes.orders} orders`, (t) => orders(t, sizes)],
      ["order lines", orderLines],
      ["order histories", orderEvents],
      ["payments", payments],
      [`${sizes.reviews} reviews`, (t) => reviews(t, sizes)],
    ];
    for (const [what, step] of steps) await timed(what, () => step(tx));
    await tx.execute(sql`insert into app_meta (key, value) values (${SCALE_KEY}, ${new Date().toISOString()})`);
    // What the skipped triggers would have said: the catalog changed, for any copy of the store that is running.
    await tx.execute(sql`select pg_notify('catalog_changed', 'product')`);
  });
  // VACUUM sets the visibility map, so that counts can read an index alone; ANALYZE gives the planner the volumes.
  await timed("vacuum analyze", async () => {
    for (const table of [
      "category",
      "product",
      "product_variant",
      "user",
      "order",
      "order_line",
      "order_event",
      "payment",
      "review",
    ]) {
      await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
    }
  });
  return { seconds: (performance.now() - started) / 1000 };
}

/**
 * A superuser (the embedded database's, or a PostgreSQL owner's) may skip the foreign-key checks, row by row, that
 * take most of the time: every row here is made from the rows it refers to, and the plan test checks them. The
 * setting ends with the transaction. Anyone else gets the checks.
 */
async function skipForeignKeyChecks(tx: Db) {
  const [role] = await rowsOf<{ superuser: boolean }>(
    tx,
    sql`select current_setting('is_superuser') = 'on' as superuser`,
  );
  if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
}

async function categories(tx: Db) {
  const rows = [...demoCategories, ...extraCategories];
  await tx.execute(sql`
    insert into category (slug, name_en, name_bn, position)
    select slug, name_en, name_bn, position
    from jsonb_to_recordset(${json(rows.map((c) => ({ slug: c.slug, name_en: c.nameEn, name_bn: c.nameBn, position: c.position })))})
      as c(slug text, name_en text, name_bn text, position int)
    on conflict do nothing`);
}

/** The words, and the customers' and products' numbers the orders pick from, as temporary tables. */
async function wordTables(tx: Db, sizes: ScaleSizes) {
  const kindRows = kinds.map((k) => ({ ...k, bnSizes: k.sizes.map(bnSize) }));
  await tx.execute(sql`
    create temp table scale_kind on commit drop as
    select (row_number() over ())::int - 1 as n, k.*, coalesce(c.id, ${OTHER_CATEGORY_ID}::uuid) as category_id
    from jsonb_to_recordset(${json(kindRows)})
      as k(category text, en text, bn text, image text, "priceTk" int, minimum int, sizes jsonb, "bnSizes" jsonb, use text, "useBn" text)
    left join category c on c.slug = k.category`);
  const names = { first: firstNames, last: lastNames, domains: emailDomains };
  await tx.execute(sql`
    create temp table scale_buyer on commit drop as
    select n,
      substr(md5('randa-scale-user-' || n), 1, 32) as id,
      first || ' ' || last as name,
      lower(first) || '.' || lower(last) || n || '@' || (${json(names)} -> 'domains' ->> (n % ${emailDomains.length})) as email,
      n % 5 <> 0 as verified,
      now() - (${sizes.users} - n + 1)::float8 / ${sizes.users} * interval '1 day' * ${USER_SPAN_DAYS} as created_at,
      '01' || (3 + n % 7) || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0') as phone,
      place ->> 'division' as division,
      place ->> 'district' as district,
      'House ' || (1 + n % 120) || ', Road ' || (1 + (n / 7) % 40) || ', ' || (place ->> 'district') as address
    from (
      select n,
        ${json(names)} -> 'first' ->> (n % ${firstNames.length}) as first,
        ${json(names)} -> 'last' ->> ((n / ${firstNames.length}) % ${lastNames.length}) as last,
        ${json(places)} -> ((n * 31) % ${places.length}) as place
      from generate_series(1, ${sizes.users}::int) n
    ) s`);
  await tx.execute(sql`alter table scale_buyer add primary key (n)`);
}

async function products(tx: Db, sizes: ScaleSizes) {
  const words = { brands, qualifiers, makings };
  await tx.execute(sql`
    insert into product (name, name_bn, image, price_poisha, price_from_poisha, minimum_quantity, availability,
      description, description_bn, details, category_id, featured, created_at, updated_at)
    select
      brand ->> 0 || ' ' || qualifier || ' ' || k.en || ' ' || (k.sizes ->> size_n),
      case when bangla then brand ->> 1 || ' ' || k.bn || ' ' || (k."bnSizes" ->> size_n) end,
      '/images/products/' || k.image || '.svg',
      greatest(10000, round(k."priceTk" * price_factor / 5) * 500 + case when odd_poisha then 50 else 0 end)::int,
      greatest(10000, round(k."priceTk" * price_factor / 5) * 500 + case when odd_poisha then 50 else 0 end)::int,
      k.minimum,
      case when stock_r < 0.07 then 0 when stock_r < 0.1 then k.minimum / 2 else k.minimum * (1 + floor(stock_r * 60))::int end,
      k.use || ' ' || (making ->> 0),
      case when bangla then k."useBn" || ' ' || (making ->> 1) end,
      'Line: ' || (brand ->> 0) || '. Size: ' || (k.sizes ->> size_n) || '. Sold in lots of ' || k.minimum
        || ' Pis. Catalog code RT-' || lpad(g::text, 6, '0') || '.',
      k.category_id,
      g <= 12,
      created_at,
      created_at
    from (
      select g,
        g % ${kinds.length} as kind_n,
        ${json(words)} -> 'brands' -> ((g / ${kinds.length}) % ${brands.length}) as brand,
        ${json(words)} -> 'qualifiers' ->> ((g * 7) % ${qualifiers.length}) as qualifier,
        ${json(words)} -> 'makings' -> (g % ${makings.length}) as making,
        random() < 0.4 as bangla,
        0.7 + 0.8 * random() as price_factor,
        random() < 0.1 as odd_poisha,
        random() as stock_r,
        random() as size_r,
        now() - random() * interval '1 day' * ${PRODUCT_SPAN_DAYS} as created_at
      from generate_series(1, ${sizes.products}::int) g
    ) s
    join scale_kind k on k.n = s.kind_n,
    lateral (select floor(size_r * jsonb_array_length(k.sizes))::int as size_n) z`);
  // Each new product is sold in one form (its one variant, as Add Product makes it: server/db/new-products.ts),
  // and its ledger opens with its stock (server/stock); the demo's were made so when they were seeded.
  await tx.execute(sql`
    insert into product_variant (product_id, position, sku, price_poisha, availability, minimum_quantity, weight_grams,
      created_at, updated_at)
    select p.id, 0, 'RND-' || upper(substr(replace(p.id::text, '-', ''), 1, 12)), p.price_poisha, p.availability,
      p.minimum_quantity, p.weight_grams, p.created_at, p.updated_at
    from product p
    where not exists (select 1 from product_variant v where v.product_id = p.id)`);
  await tx.execute(sql`
    insert into stock_entry (product_id, variant_id, change, after, reason, by, note)
    select v.product_id, v.id, v.availability, v.availability, 'opening', 'store', 'scale data'
    from product_variant v
    where v.availability > 0 and not exists (select 1 from stock_entry e where e.variant_id = v.id)`);
  // The orders' picks: every product (the demo's too), oldest first, so that an order can take one made before it.
  await tx.execute(sql`
    create temp table scale_item on commit drop as
    select (row_number() over (order by created_at, id))::int as n, id, name, image, price_poisha, minimum_quantity,
      created_at
    from product`);
  await tx.execute(sql`alter table scale_item add primary key (n)`);
}

async function users(tx: Db) {
  // Better Auth's own rows, without accounts: nobody signs in as them, as nobody signs in as a shop's past customers.
  await tx.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select id, name, email, verified, 'user', created_at, created_at from scale_buyer`);
}

/**
 * Orders over two years, more of them lately (a growing shop). Each takes a customer who had registered and a
 * product that existed by then; its status follows its age: the last hour's are mostly unpaid (holding stock),
 * the last days' paid, on cash on delivery or shipped, older ones delivered, cancelled or expired. The first few
 * are placed within the hour and unpaid, so every status is there however few orders are asked for (chance alone
 * leaves the last hour empty about one time in ten at 30,000 orders).
 */
async function orders(tx: Db, sizes: ScaleSizes) {
  const orderSpan = ORDER_SPAN_DAYS * 86_400;
  const userSpan = USER_SPAN_DAYS * 86_400;
  const productSpan = PRODUCT_SPAN_DAYS * 86_400;
  await tx.execute(sql`
    with picked as materialized (
      select g, age, r, method_r, delivery_r, quantity_r,
        1 + floor(buyer_r * ${sizes.users} * (1 - age / ${userSpan}))::int as buyer_n,
        greatest(1, ceil(power(item_r, 1.5) * (select count(*) from scale_item) * (1 - age / ${productSpan})))::int as item_n
      from (
        select g,
          case when g <= ${JUST_PLACED} then u * ${UNPAID_SECONDS} else ${orderSpan} * (1 - sqrt(u)) end as age,
          case when g <= ${JUST_PLACED} then r * 0.7 else r end as r,
          method_r, delivery_r, quantity_r, buyer_r, item_r
        from (
          select g, random() as u, random() as r, random() as method_r, random() as delivery_r,
            random() as quantity_r, random() as buyer_r, random() as item_r
          from generate_series(1, ${sizes.orders}::int) g
        ) x
      ) y
    ),
    statused as (
      select p.*,
        case
          when age < ${HOLD_MINUTES * 60} then case when r < 0.7 and age < ${UNPAID_SECONDS} then 'unpaid' when r < 0.85 then 'paid' else 'cod' end
          when age < 3 * 86400 then case when r < 0.3 then 'paid' when r < 0.5 then 'cod' when r < 0.75 then 'shipped'
            when r < 0.87 then 'cancelled' else 'expired' end
          when age < 14 * 86400 then case when r < 0.06 then 'paid' when r < 0.1 then 'cod' when r < 0.4 then 'shipped'
            when r < 0.8 then 'delivered' when r < 0.9 then 'cancelled' else 'expired' end
          else case when r < 0.72 then 'delivered' when r < 0.86 then 'cancelled' else 'expired' end
        end as status
      from picked p
    ),
    paid_by as (
      select s.*,
        case
          when status = 'cod' then 'cod'
          when status = 'paid' then case when method_r < 0.6 then 'sslcommerz' else 'stripe' end
          when status in ('shipped', 'delivered') then
            case when method_r < 0.45 then 'cod' when method_r < 0.8 then 'sslcommerz' else 'stripe' end
          when method_r < 0.3 then 'sslcommerz'
        end as method,
        now() - age * interval '1 second' as placed_at
      from statused s
    )
    insert into "order" (buyer_id, buyer_email, buyer_name, product_id, product_name, image, price_poisha, quantity,
      payable_poisha, status, transaction_id, payment_method, delivery, expires_at, cancelled_by, cancel_reason,
      created_at, updated_at)
    select b.id, b.email, b.name, i.id, i.name, i.image, i.price_poisha, quantity, i.price_poisha::bigint * quantity,
      status,
      case
        when method = 'stripe' and status in ('paid', 'shipped', 'delivered') then 'pi_' || substr(md5('pi' || g), 1, 24)
        when method = 'sslcommerz' and status in ('paid', 'shipped', 'delivered')
          then upper('RANDA-' || substr(md5('o' || g), 1, 8) || '-' || substr(md5('t' || g), 1, 12))
        when method = 'cod' and status = 'delivered' then 'COD-' || upper(substr(md5('cod' || g), 1, 16))
      end,
      method,
      case when status in ('unpaid', 'expired', 'cancelled') and delivery_r < 0.4 then null
        else jsonb_build_object('name', b.name, 'phone', b.phone, 'division', b.division, 'district', b.district,
          'address', b.address) end,
      case when status in ('unpaid', 'expired') then placed_at + interval '1 minute' * ${HOLD_MINUTES} end,
      case when status = 'cancelled' then case when delivery_r < 0.75 then 'buyer' else 'admin' end end,
      case when status = 'cancelled' and delivery_r >= 0.75
        then ${json(ADMIN_REASONS)} ->> (g % ${ADMIN_REASONS.length}) end,
      placed_at,
      least(now(), placed_at + case status
        when 'delivered' then interval '3 days' when 'shipped' then interval '1 day'
        when 'expired' then interval '1 minute' * ${HOLD_MINUTES} else interval '10 minutes' end)
    from paid_by
    join scale_buyer b on b.n = buyer_n
    join scale_item i on i.n = item_n,
    lateral (select i.minimum_quantity * (1 + floor(quantity_r * 5))::int as quantity) q`);
}

/**
 * Each order's line, as the store writes an order of one product: its snapshot of the product's names (the Bangla
 * one too), image, price and pieces. Manage Orders' search by product name and the overview's top products read them.
 */
async function orderLines(tx: Db) {
  await tx.execute(sql`
    insert into order_line (order_id, position, product_id, variant_id, sku, name, name_bn, image, price_poisha,
      weight_grams, quantity, amount_poisha)
    select o.id, 0, o.product_id, v.id, v.sku, o.product_name, p.name_bn, o.image, o.price_poisha, 0, o.quantity,
      o.payable_poisha
    from "order" o join product p on p.id = o.product_id
    join product_variant v on v.product_id = p.id and v.position = 0`);
}

/** Each order's history as the store writes it, one change after another (the history reads them by id). */
async function orderEvents(tx: Db) {
  const of = (status: string, by: SQL, byUser: SQL, reason: SQL, at: SQL, where: SQL) => sql`
    insert into order_event (order_id, status, by, by_user_id, reason, at)
    select o.id, ${status}::text, ${by}, ${byUser}, ${reason}, ${at}
    from "order" o join scale_buyer b on b.id = o.buyer_id
    where ${where}`;
  const none = sql`null`;
  const buyer = sql`'buyer'`;
  const admin = sql`'admin'`;
  const online = sql`o.payment_method in ('stripe', 'sslcommerz')`;
  const events = [
    of("placed", buyer, sql`o.buyer_id`, none, sql`o.created_at`, sql`true`),
    of(
      "payment_started",
      buyer,
      sql`o.buyer_id`,
      sql`o.payment_method`,
      sql`o.created_at + interval '2 minutes'`,
      online,
    ),
    of(
      "paid",
      sql`o.payment_method`,
      none,
      none,
      sql`o.created_at + interval '4 minutes'`,
      sql`${online} and o.transaction_id is not null`,
    ),
    of("cod", buyer, sql`o.buyer_id`, none, sql`o.created_at + interval '3 minutes'`, sql`o.payment_method = 'cod'`),
    of("shipped", admin, none, none, sql`o.created_at + interval '1 day'`, sql`o.status in ('shipped', 'delivered')`),
    of("collected", admin, none, none, sql`o.updated_at`, sql`o.status = 'delivered' and o.payment_method = 'cod'`),
    of("delivered", admin, none, none, sql`o.updated_at`, sql`o.status = 'delivered'`),
    of(
      "cancelled",
      sql`o.cancelled_by`,
      sql`case when o.cancelled_by = 'buyer' then o.buyer_id end`,
      sql`o.cancel_reason`,
      sql`o.updated_at`,
      sql`o.status = 'cancelled'`,
    ),
    of("expired", sql`'store'`, none, none, sql`o.expires_at`, sql`o.status = 'expired'`),
  ];
  for (const statement of events) await tx.execute(statement);
}

/**
 * The money of every paid order: a settled payment under its transaction id, as the providers' confirmations record
 * it, when the history says it came (online: the "paid" event; cash on delivery: when it was collected). The
 * overview's money per day sums these.
 */
async function payments(tx: Db) {
  await tx.execute(sql`
    insert into payment (order_id, provider, provider_ref, amount_poisha, currency, status, created_at, updated_at)
    select o.id, o.payment_method, o.transaction_id, o.payable_poisha, 'BDT', 'succeeded', paid_at, paid_at
    from "order" o join scale_buyer b on b.id = o.buyer_id,
      lateral (select case when o.payment_method = 'cod' then o.updated_at
        else o.created_at + interval '4 minutes' end as paid_at) p
    where o.transaction_id is not null`);
}

async function reviews(tx: Db, sizes: ScaleSizes) {
  await tx.execute(sql`
    insert into review (user_id, author_name, author_place, rating_halves, comment, created_at, updated_at)
    select b.id, b.name, b.district,
      case when r < 0.45 then 10 when r < 0.75 then 9 when r < 0.9 then 8 else 4 + floor(r * 4)::int end,
      ${json(reviewLines)} ->> (g % ${reviewLines.length}),
      at, at
    from (
      select g, random() as r, now() - random() * interval '1 day' * ${ORDER_SPAN_DAYS} as at
      from generate_series(1, ${sizes.reviews}::int) g
    ) s
    join scale_buyer b on b.n = 1 + (g::bigint * 7919) % ${sizes.users}::int`);
}
