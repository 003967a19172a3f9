import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { OTHER_CATEGORY_ID } from "@server/db/schema";
import { insertCategory } from "@server/catalog/sql/category-rows";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { CALLS_COUNTED, changedTables, fingerprint, type Ignored } from "../support/fingerprint";
import { usePageApp, type PageContext } from "../support/page-app";
import {
  aCashOnDeliveryOrder,
  aCustomer,
  aHeldPayment,
  anAdmin,
  anOrder,
  aPaidOrder,
  aProduct,
  aRefundDue,
  aShippedOrder,
  nobody,
  type Scene,
} from "../support/page-scenes";
import { TEST_DELIVERY } from "../support/orders";

/**
 * Every page action that writes, posted as a browser without JavaScript posts a form, by a stranger, by the
 * customer who owns the thing, by another customer and by an admin: the verdict each one gets. Where the same
 * mistake has a status through the API (authorization-matrix.test.ts), the page answers with that status.
 */
type Who = "anonymous" | "owner" | "other" | "admin";
const WHO: Who[] = ["anonymous", "owner", "other", "admin"];

/**
 * - `done`: 200, and the page shows what the action did (a success toast, or Buy It Now's new order).
 * - `login`: a redirect to /login?redirectTo=<the page>, to come back after signing in.
 * - `home`: a redirect to / (My Orders signs out a visitor without a session, spec §4).
 * - a status: refused with it, and the page says why.
 */
type Verdict = "done" | "login" | "home" | 400 | 403 | 404 | 409;

interface Accounts {
  owner: TestAccount;
  other: TestAccount;
  admin: TestAccount;
}

interface PageAction {
  action: string;
  /** What the post works on; the owner's things. */
  scene: (t: PageContext, a: Accounts) => Promise<Scene>;
  post: (s: Scene) => { path: string; fields: Record<string, string> };
  expected: [anonymous: Verdict, owner: Verdict, other: Verdict, admin: Verdict];
}

/**
 * Bookkeeping, not the store's rows: My Orders signs a visitor out through Better Auth's handler, which counts the
 * request; Buy It Now counts an order the domain refuses against the store's rate limits.
 */
const COUNTED: Ignored = { tables: ["public.rate_limit", ...CALLS_COUNTED.tables!] };

const none = () => Promise.resolve({});
const ownersOrder = (t: PageContext, a: Accounts) => anOrder(t, a.owner);
const profile = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };
const manageOrder = (intent: string) => (s: Scene) => ({
  path: "/dashboard/manageorder",
  fields: { intent, orderId: s.orderId! },
});
const makeAdmin = (intent: string) => (s: Scene) => ({ path: "/dashboard/admin", fields: { intent, email: s.email! } });
const buyNow = (quantity: string) => (s: Scene) => ({
  path: `/detail/${s.productId}`,
  fields: { quantity, idempotencyKey: randomUUID() },
});
const cancel = (s: Scene) => ({ path: "/dashboard/orders", fields: { orderId: s.orderId! } });
const orderView = (fields: Record<string, string>) => (s: Scene) => ({
  path: `/dashboard/order/${s.orderId}`,
  fields,
});
const withReason = (intent: string) => (s: Scene) => ({
  path: "/dashboard/manageorder",
  fields: { intent, orderId: s.orderId!, reason: "The tool is discontinued." },
});
const deleteProduct = (s: Scene) => ({ path: "/dashboard/manageproduct", fields: { productId: s.productId! } });
const payOrder = (fields: Record<string, string>) => (s: Scene) => ({
  path: `/dashboard/payment/${s.orderId}`,
  fields,
});
const delivery = { intent: "delivery", ...TEST_DELIVERY };
const newProduct = {
  name: "Matrix Gauge",
  price: "100",
  availability: "10",
  minimumQuantity: "1",
  description: "A gauge.",
  image: "/images/products/marking-gauge.svg",
};
const editProduct = (s: Scene) => ({ path: `/dashboard/manageproduct/${s.productId}`, fields: { availability: "5" } });
const unknownProduct = () => Promise.resolve({ productId: randomUUID() });
const unknownOrder = () => Promise.resolve({ orderId: randomUUID() });
const unknownEmail = () => Promise.resolve(nobody());
const categoryNames = () => {
  const tag = randomUUID().slice(0, 8);
  return { nameEn: `Matrix shelf ${tag}`, nameBn: `তাক ${tag}` };
};
const aCategory = async (t: PageContext) => ({ categoryId: (await insertCategory(t.database.db, categoryNames())).id });
const categories = (intent: string) => (s: Scene) => ({
  path: "/dashboard/categories",
  fields: { intent, ...(s.categoryId ? { categoryId: s.categoryId } : {}), ...categoryNames() },
});
const aCustomerWithOrders = async (t: PageContext, a: Accounts) => {
  await ownersOrder(t, a);
  return { email: a.owner.email };
};

// prettier-ignore
const TABLE: PageAction[] = [
  //           anonymous owner    other    admin
  { expected: ["login", "done",  "done",  "done"], action: "Profile (POST /dashboard/profile)", scene: none, post: () => ({ path: "/dashboard/profile", fields: profile }) },
  { expected: ["login", "done",  "done",  "done"], action: "Add Review (POST /dashboard/reviews)", scene: none, post: () => ({ path: "/dashboard/reviews", fields: { rating: "4.5", comment: "Sharp." } }) },
  { expected: ["login", "done",  "done",  "done"], action: "Buy It Now (POST /detail/{id})", scene: (t) => aProduct(t), post: buyNow("20") },
  { expected: ["login", 400,     400,     400   ], action: "Buy It Now, below the minimum", scene: (t) => aProduct(t), post: buyNow("19") },
  { expected: ["login", 409,     409,     409   ], action: "Buy It Now, more than the stock", scene: (t) => aProduct(t), post: buyNow("220") },
  { expected: ["login", 404,     404,     404   ], action: "Buy It Now, an unknown product", scene: unknownProduct, post: buyNow("20") },
  { expected: ["home",  "done",  403,     "done"], action: "Cancel (POST /dashboard/orders), an unpaid order", scene: ownersOrder, post: cancel },
  { expected: ["home",  409,     403,     "done"], action: "Cancel, a paid order (an admin's cancel makes its payment refund due)", scene: (t, a) => aPaidOrder(t, a.owner), post: cancel },
  { expected: ["home",  404,     404,     404   ], action: "Cancel, an unknown order", scene: unknownOrder, post: cancel },
  { expected: ["login", 403,     403,     "done"], action: "Make Admin: promote (POST /dashboard/admin)", scene: (t) => aCustomer(t), post: makeAdmin("promote") },
  { expected: ["login", 403,     403,     404   ], action: "Make Admin: promote an unknown email", scene: unknownEmail, post: makeAdmin("promote") },
  { expected: ["login", 403,     403,     "done"], action: "Make Admin: remove another admin's role", scene: (t) => anAdmin(t), post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     409   ], action: "Make Admin: remove the role of a customer", scene: (t) => aCustomer(t), post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     409   ], action: "Make Admin: remove the admin's own role", scene: (_, a) => Promise.resolve({ email: a.admin.email }), post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     404   ], action: "Make Admin: remove the role of an unknown email", scene: unknownEmail, post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     "done"], action: "Categories: add (POST /dashboard/categories)", scene: none, post: categories("add") },
  { expected: ["login", 403,     403,     "done"], action: "Categories: rename", scene: aCategory, post: categories("rename") },
  { expected: ["login", 403,     403,     "done"], action: "Categories: remove an empty one", scene: aCategory, post: categories("remove") },
  { expected: ["login", 403,     403,     409   ], action: "Categories: remove Other tools", scene: () => Promise.resolve({ categoryId: OTHER_CATEGORY_ID }), post: categories("remove") },
  { expected: ["login", 403,     403,     404   ], action: "Categories: rename an unknown one", scene: () => Promise.resolve({ categoryId: randomUUID() }), post: categories("rename") },
  { expected: ["login", 403,     403,     "done"], action: "Make Admin: delete", scene: (t) => aCustomer(t), post: makeAdmin("delete") },
  { expected: ["login", 403,     403,     409   ], action: "Make Admin: delete a customer with orders", scene: aCustomerWithOrders, post: makeAdmin("delete") },
  { expected: ["login", 403,     403,     404   ], action: "Make Admin: delete an unknown email", scene: unknownEmail, post: makeAdmin("delete") },
  { expected: ["login", "done",  403,     403   ], action: "Pay Order: delivery details (POST /dashboard/payment/{id})", scene: ownersOrder, post: payOrder(delivery) },
  { expected: ["login", 400,     400,     400   ], action: "Pay Order: delivery details with a phone that is no mobile number", scene: ownersOrder, post: payOrder({ ...delivery, phone: "12345" }) },
  { expected: ["login", 409,     403,     403   ], action: "Pay Order: delivery details of a paid order", scene: (t, a) => aPaidOrder(t, a.owner), post: payOrder(delivery) },
  { expected: ["login", "done",  403,     403   ], action: "Pay Order: cash on delivery", scene: ownersOrder, post: payOrder({ intent: "cod" }) },
  { expected: ["login", 404,     404,     404   ], action: "Pay Order: cash on delivery, an unknown order", scene: unknownOrder, post: payOrder({ intent: "cod" }) },
  { expected: ["login", 404,     404,     404   ], action: "Pay Order: the gateway, on a store without one", scene: ownersOrder, post: payOrder({ intent: "gateway" }) },
  { expected: ["login", 403,     403,     "done"], action: "Add Product (POST /dashboard/addproduct)", scene: none, post: () => ({ path: "/dashboard/addproduct", fields: newProduct }) },
  { expected: ["login", 403,     403,     400   ], action: "Add Product without an image", scene: none, post: () => ({ path: "/dashboard/addproduct", fields: { ...newProduct, image: "" } }) },
  { expected: ["login", 403,     403,     "done"], action: "Edit Product (POST /dashboard/manageproduct/{id})", scene: (t) => aProduct(t), post: editProduct },
  { expected: ["login", 403,     403,     404   ], action: "Edit Product, an unknown product", scene: unknownProduct, post: editProduct },
  { expected: ["login", 403,     403,     "done"], action: "Manage Products: delete (POST /dashboard/manageproduct)", scene: (t) => aProduct(t), post: deleteProduct },
  { expected: ["login", 403,     403,     404   ], action: "Manage Products: delete an unknown product", scene: unknownProduct, post: deleteProduct },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: accept a held payment", scene: (t, a) => aHeldPayment(t, a.owner), post: manageOrder("accept") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: accept, no payment held", scene: ownersOrder, post: manageOrder("accept") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: confirm a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: manageOrder("confirm") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: confirm, an unpaid order", scene: ownersOrder, post: manageOrder("confirm") },
  { expected: ["login", 403,     403,     "done"], action: "Order view: the shop confirms a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: orderView({ intent: "confirm" }) },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: collect a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: manageOrder("collect") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: collect, an unpaid order", scene: ownersOrder, post: manageOrder("collect") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: shipped, a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: manageOrder("shipped") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: shipped, an unpaid order", scene: ownersOrder, post: manageOrder("shipped") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: delivered, a shipped order", scene: (t, a) => aShippedOrder(t, a.owner), post: manageOrder("delivered") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: delivered, an unpaid order", scene: ownersOrder, post: manageOrder("delivered") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: cancel an unpaid order, with a reason", scene: ownersOrder, post: withReason("cancel") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: cancel a paid order (its payment becomes refund due)", scene: (t, a) => aPaidOrder(t, a.owner), post: withReason("cancel") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: cancel a shipped order", scene: (t, a) => aShippedOrder(t, a.owner), post: withReason("cancel") },
  { expected: ["login", 403,     403,     400   ], action: "Manage Orders: cancel with a reason over 500 characters", scene: ownersOrder, post: (s) => ({ path: "/dashboard/manageorder", fields: { intent: "cancel", orderId: s.orderId!, reason: "x".repeat(501) } }) },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: refund a payment due", scene: (t, a) => aRefundDue(t, a.owner), post: manageOrder("refund") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: refund, nothing due", scene: ownersOrder, post: manageOrder("refund") },
  { expected: ["login", 403,     403,     "done"], action: "Order view: the shop cancels a paid order (POST /dashboard/order/{id})", scene: (t, a) => aPaidOrder(t, a.owner), post: orderView({ intent: "cancel", reason: "Out of stock at the maker." }) },
  { expected: ["login", 403,     403,     404   ], action: "Order view: the shop cancels an unknown order", scene: unknownOrder, post: orderView({ intent: "cancel" }) },
  { expected: ["login", 403,     403,     "done"], action: "Order view: refund a payment due", scene: (t, a) => aRefundDue(t, a.owner), post: orderView({ intent: "refund" }) },
];

describe("page authorization matrix: every page action that writes, posted as a form by a stranger, the owner, another customer and an admin", () => {
  const t = usePageApp();
  const accounts = {} as Accounts;

  beforeAll(async () => {
    accounts.owner = await signUp(t);
    accounts.other = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });

  for (const row of TABLE) {
    it.each(WHO.map((who, i) => [who, row.expected[i]!] as const))(
      `${row.action} as %s → %s, and only a done post changes rows`,
      async (who, verdict) => {
        const { path, fields } = row.post(await row.scene(t, accounts));
        const before = await fingerprint(t.database, COUNTED);
        const answer = await readAnswer(
          await t.postForm(path, fields, who === "anonymous" ? undefined : accounts[who]),
        );
        const changed = changedTables(before, await fingerprint(t.database, COUNTED));
        const seen = JSON.stringify({ ...answer, data: undefined, changed });

        if (verdict === "done") {
          expect(answer.done, seen).toBe(true);
          expect(answer.data, seen).toBeDefined();
          expect(answer.toast?.kind ?? "success", seen).toBe("success");
          expect(changed, seen).not.toEqual([]);
          return;
        }
        if (verdict === "login" || verdict === "home") {
          expect([302, 303], seen).toContain(answer.status);
          expect(answer.location, seen).toBe(
            verdict === "home" ? "/" : `/login?redirectTo=${encodeURIComponent(path)}`,
          );
        } else {
          expect(answer.status, seen).toBe(verdict);
          expect(answer.message, seen).toEqual(expect.any(String));
        }
        expect(changed, seen).toEqual([]);
      },
    );
  }
});
