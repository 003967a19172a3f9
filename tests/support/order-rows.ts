import { asc, desc, type SQL } from "drizzle-orm";
import { order } from "@server/db/schema";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import type { Delivery } from "@shared/schemas/delivery";
import type { OrderStatus } from "@shared/order-flow";
import type { OrderSort } from "@shared/list-choices";
import type { TestAccount } from "./accounts";
import type { TestContext } from "./test-app";

export interface OrderRowSpec {
  /** When it was placed, as an ISO time. */
  at: string;
  status?: OrderStatus;
  pricePoisha?: number;
  quantity?: number;
  id?: string;
  phone?: string;
  refund?: "due" | "refunded" | null;
  cancelledBy?: "buyer" | "admin" | null;
  productName?: string;
}

/** A buyer's id and e-mail as their orders carry them. */
export async function buyerOf(t: TestContext, account: Pick<TestAccount, "email">) {
  const row = await findUserByEmail(t.database.db, account.email);
  if (!row) throw new Error(`no user ${account.email}`);
  return { id: row.id, email: row.email };
}

/**
 * Orders written straight into the database, placed when and left as the test says: what the lists' filters,
 * sorts and pages are tested on, without placing each through the store. Their ids, in the order given.
 */
export async function insertOrders(
  t: TestContext,
  buyer: { id: string; email: string },
  specs: OrderRowSpec[],
): Promise<string[]> {
  if (specs.length === 0) return [];
  const rows = await t.database.db
    .insert(order)
    .values(
      specs.map((s) => {
        const price = s.pricePoisha ?? 50_000;
        const quantity = s.quantity ?? 20;
        const delivery: Delivery | null = s.phone
          ? { name: "Karim Uddin", phone: s.phone, division: "Dhaka", district: "Gazipur", address: "House 12" }
          : null;
        return {
          ...(s.id ? { id: s.id } : {}),
          buyerId: buyer.id,
          buyerEmail: buyer.email,
          buyerName: "Test Buyer",
          productName: s.productName ?? "Marking Gauge",
          image: "/images/products/marking-gauge.svg",
          pricePoisha: price,
          quantity,
          payablePoisha: price * quantity,
          status: s.status ?? "unpaid",
          delivery,
          refund: s.refund ?? null,
          cancelledBy: s.cancelledBy ?? (s.status === "cancelled" ? "admin" : null),
          createdAt: new Date(s.at),
          updatedAt: new Date(s.at),
        };
      }),
    )
    .returning({ id: order.id });
  return rows.map((r) => r.id);
}

/** Every order's id in a sort, as the database orders them: what a walk through the pages must meet. */
export async function idsSorted(t: TestContext, sort: OrderSort, where?: SQL): Promise<string[]> {
  const column = sort === "newest" || sort === "oldest" ? order.createdAt : order.payablePoisha;
  const direction = sort === "newest" || sort === "amount-high" ? desc : asc;
  const rows = await t.database.db
    .select({ id: order.id })
    .from(order)
    .where(where)
    .orderBy(direction(column), direction(order.id));
  return rows.map((r) => r.id);
}

/** The `rel` links of a Link header: `{next: "/api/order?…", prev: …}`. */
export function linksOf(res: Response): Record<string, string> {
  const links: Record<string, string> = {};
  for (const [, href, rel] of (res.headers.get("Link") ?? "").matchAll(/<([^>]*)>;\s*rel="([^"]+)"/g)) {
    links[rel!] = href!;
  }
  return links;
}
