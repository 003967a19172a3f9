import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";
import type { SessionUser } from "@server/auth/session";
import { user } from "@server/db/auth-schema";
import { openDatabase, type Database } from "@server/db/client";
import { order } from "@server/db/schema";
import { AppError, STATUS_OF } from "@server/errors";
import { createTestCardProvider } from "@server/payments/providers/test-card-provider";
import type { Services } from "@server/services";
import { expireOrders } from "@server/orders/expire-orders";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "./accounts";
import { expiryJob } from "./contexts";
import type { Ending } from "./money-checks";
import { TEST_DELIVERY } from "./orders";
import type { TestContext } from "./test-app";
import { insertStocked } from "./stock-ledger";

// The money races (tests/integration/money-races.test.ts, payment-replays.test.ts): orders placed through the real
// API on a few shared products, made due at one moment, and a second copy of the store (a connection pool of its
// own on PostgreSQL, as a second server process has) to run the expiry and other calls from.

/** How many orders race at once: 100 on PostgreSQL; PGlite is one connection, so a smaller count. */
export const RACES = process.env.DATABASE_URL ? 100 : 10;
export const RACE_MS = 120_000;
/** Small expiry batches: many expiry transactions, each meeting some of the payments. */
const EXPIRY_BATCH = 5;
const BUYERS = 10;
const PRODUCTS = 5;
const INITIAL_STOCK = 100_000;

export interface RaceOrder {
  id: string;
  buyer: TestAccount;
  productId: string;
  quantity: number;
}

export interface RaceSet {
  orders: RaceOrder[];
  /** Each product's stock before the orders. */
  initialStock: Map<string, number>;
}

/** The store's services on a connection pool of their own. */
export interface Copy {
  services: Services;
  close(): Promise<void>;
}

/** Indexes 0 to n - 1, last first: sent this way, one side of a race meets the other, sent first first, midway. */
export const lastFirst = (n: number) => Array.from({ length: n }, (_, k) => n - 1 - k);

/** The HTTP status a door would answer a use case's outcome with. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (err) {
    if (err instanceof AppError) return STATUS_OF[err.kind];
    throw err;
  }
}

/** An ending no rule of the race allows, for the failure message: every such label starts with "?". */
export const unexpected = (e: Ending, heard: string) =>
  `? ${e.row.status} refund ${e.row.refund}, payments ${e.payments.map((p) => p.status).join("+") || "none"}, ${heard}`;

export type RaceKit = ReturnType<typeof useRaceOrders>;

export function useRaceOrders(t: TestContext) {
  const buyers: TestAccount[] = [];
  const admin = {} as TestAccount;
  const users = new Map<string, SessionUser>();
  beforeAll(async () => {
    buyers.push(...(await Promise.all(Array.from({ length: BUYERS }, () => signUp(t)))));
    Object.assign(admin, await signUpAdmin(t));
    const rows = await t.database.db.select().from(user);
    for (const u of rows) users.set(u.email, { id: u.id, name: u.name, email: u.email, role: u.role });
  });

  /** The signed-in user behind an account, as the doors pass it to the use cases. */
  const actorOf = (account: TestAccount): SessionUser => users.get(account.email)!;

  /** `n` orders of 1 to 161 pieces, by BUYERS buyers, spread over PRODUCTS products of their own, with delivery. */
  async function place(n: number): Promise<RaceSet> {
    const products = await insertStocked(
      t.database.db,
      Array.from({ length: PRODUCTS }, (_, i) => ({
        name: `Raced Rasp ${i}`,
        image: "/images/products/mortise-chisel.svg",
        pricePoisha: 10_000 + 1_111 * i,
        minimumQuantity: 1,
        availability: INITIAL_STOCK,
        // The races are about money and stock alone: no hoarding limit (decision 0026) is reached.
        maxPerOrder: INITIAL_STOCK,
      })),
    );
    const orders = await Promise.all(
      Array.from({ length: n }, async (_, i): Promise<RaceOrder> => {
        const buyer = buyers[i % BUYERS]!;
        const productId = products[i % PRODUCTS]!.id;
        // On the step of 20 from the minimum of 1: 1 to 161 pieces.
        const quantity = 1 + 20 * ((i * 7) % 9);
        const res = await t.request(
          "/api/order",
          jsonInit("POST", { productId, quantity, delivery: TEST_DELIVERY }, asBearer(buyer)),
        );
        if (res.status !== 200) throw new Error(`order failed: ${res.status} ${await res.text()}`);
        return { id: ((await res.json()) as { insertedId: string }).insertedId, buyer, productId, quantity };
      }),
    );
    return { orders, initialStock: new Map(products.map((p) => [p.id, INITIAL_STOCK])) };
  }

  /**
   * Their holds run out at `at`: order i at `at` less (n - 1 - i) ms, so the expiry (earliest first) starts with
   * the first orders while the race's other side is sent last first.
   */
  async function dueAt(orders: RaceOrder[], at: Date) {
    await Promise.all(
      orders.map((o, i) =>
        t.database.db
          .update(order)
          .set({ expiresAt: new Date(at.getTime() - (orders.length - 1 - i)) })
          .where(eq(order.id, o.id)),
      ),
    );
  }

  /**
   * Another copy of the store: on PostgreSQL a connection pool of its own; on PGlite the one database. Its clock
   * reads `at`; its test-card processor keeps its records through its own pool.
   */
  async function otherCopy(at: Date): Promise<Copy> {
    const database: Database | null = t.database.url ? await openDatabase({ url: t.database.url }) : null;
    const db = database?.db ?? t.database.db;
    const payments = t.services.payments?.name === "test" ? createTestCardProvider(db) : t.services.payments;
    return {
      services: { ...t.services, db, payments, now: () => at },
      close: async () => void (await database?.close()),
    };
  }

  /** This copy's services with its clock at `at`. */
  const here = (at: Date): Services => ({ ...t.services, now: () => at });

  /**
   * Runs `other` (the race's other sides, which may use the second copy) while both copies expire the orders due
   * by `at` in small batches; then expires, round after round, those a payment had locked when the expiry came to
   * them and that are still due. Answers what `other` answered and how many orders the racing rounds expired.
   */
  async function withExpiry<A>(at: Date, other: (copy: Copy) => Promise<A>) {
    const copy = await otherCopy(at);
    try {
      const [answers, ...expired] = await Promise.all([
        other(copy),
        expireOrders(expiryJob(copy.services), EXPIRY_BATCH),
        expireOrders(expiryJob(here(at)), EXPIRY_BATCH),
      ]);
      for (let expired = 1; expired > 0;) expired = await expireOrders(expiryJob(here(at)));
      return { answers, expiredInRace: expired.reduce((a, b) => a + b, 0) };
    } finally {
      await copy.close();
    }
  }

  return { buyers, admin, actorOf, place, dueAt, otherCopy, withExpiry };
}
