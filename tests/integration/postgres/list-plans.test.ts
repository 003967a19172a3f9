import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@server/db/client";
import { order } from "@server/db/schema";
import { LIST_CHECKS, planChecks, statementRecorder, type CheckPlan } from "../../../scripts/scale/plans";
import { rowsOf } from "../../../scripts/scale/rows";
import { ScaleRefused, seedScaleData } from "../../../scripts/scale/seed";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

// The store's list and search queries, taken from its own domain functions (scripts/scale/plans.ts, as
// `npm run explain` runs them), planned by PostgreSQL on a shop of some years: none reads a big table whole.
// Collected only when DATABASE_URL is set (vitest.config.ts).

const VOLUME = { products: 3_000, orders: 30_000, users: 3_000, reviews: 1_000 };

describe("the store's lists on a shop of some years (PostgreSQL)", () => {
  let database: TestDatabase;
  let logged: Database | undefined;
  let plans: CheckPlan[] = [];
  const recorder = statementRecorder();

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
    await seedScaleData(database.db, VOLUME);
    logged = await openDatabase({ url: database.url }, { logger: recorder.logger });
    plans = await planChecks(logged.db, recorder, LIST_CHECKS, { analyze: false });
  }, 60_000);

  afterAll(async () => {
    await logged?.close();
    await database?.destroy();
  });

  // The few where reading the table is the right plan say why (scripts/scale/plans.ts); `npm run explain` shows them.
  const indexed = LIST_CHECKS.filter((check) => !check.seqScanExpected).map((check) => check.name);

  it.each(indexed)("%s: no sequential scan of a big table", (name) => {
    const plan = plans.find((p) => p.name === name);
    expect(plan?.statements.length).toBeGreaterThan(0);
    const scans = plan!.statements.flatMap((s) => s.seqScans.map((table) => `${table} in: ${s.sql}`));
    expect(scans).toEqual([]);
  });

  it("the check sees a sequential scan when a list cannot use an index", async () => {
    const [plan] = await planChecks(logged!.db, recorder, [
      {
        name: "orders by an expression no index holds",
        run: (db, _s, record) =>
          record(() =>
            db
              .select({ id: order.id })
              .from(order)
              .where(sql`${order.quantity} + 1 = 7`)
              .limit(20),
          ),
      },
    ]);
    expect(plan!.statements.flatMap((s) => s.seqScans)).toEqual(["order"]);
    expect(plan!.statements[0]!.executionMs).toBeGreaterThan(0);
  });

  it("holds the volume asked for, with the data the lists are searched by", async () => {
    const [counts] = await rowsOf<Record<string, number>>(
      database.db,
      sql`
      select
        (select count(*) from product)::int as products,
        (select count(distinct category_id) from product)::int as categories,
        (select count(*) from product where name_bn is not null)::int as bangla,
        (select count(*) from product where availability < minimum_quantity)::int as out_of_stock,
        (select count(*) from "user")::int as users,
        (select count(*) from "order")::int as orders,
        (select count(distinct status) from "order")::int as statuses,
        (select count(*) from "order" where status = 'unpaid' and expires_at <= now())::int as unpaid_expired,
        (select count(*) from "order" o where not exists
          (select 1 from order_event e where e.order_id = o.id and e.status = 'placed'))::int as without_history,
        (select count(*) from "order" o where o.transaction_id is not null and not exists
          (select 1 from payment p where p.order_id = o.id and p.provider_ref = o.transaction_id))::int as paid_without_payment,
        (select count(*) from "order" where delivery is not null and delivery ->> 'phone' !~ '^01[3-9][0-9]{8}$')::int as bad_phones,
        (select count(*) from "order" o join "user" u on u.id = o.buyer_id where o.created_at < u.created_at)::int as before_signing_up,
        (select count(*) from review)::int as reviews`,
    );
    expect(counts).toMatchObject({
      products: VOLUME.products,
      users: VOLUME.users,
      orders: VOLUME.orders,
      statuses: 7,
      unpaid_expired: 0,
      without_history: 0,
      paid_without_payment: 0,
      bad_phones: 0,
      before_signing_up: 0,
      reviews: VOLUME.reviews,
    });
    // Products on every shelf, some with Bangla names, some sold out.
    expect(counts!.categories).toBeGreaterThanOrEqual(10);
    expect(counts!.bangla).toBeGreaterThan(VOLUME.products * 0.3);
    expect(counts!.out_of_stock).toBeGreaterThan(VOLUME.products * 0.05);
  });

  it("refuses to seed the same database twice", async () => {
    await expect(seedScaleData(database.db, { products: 1, orders: 0, users: 1, reviews: 0 })).rejects.toThrow(
      ScaleRefused,
    );
    const [users] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from "user"`);
    expect(users!.n).toBe(VOLUME.users);
  });
});
