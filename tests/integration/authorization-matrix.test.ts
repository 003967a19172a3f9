import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "@server/db/auth-schema";
import { insertCategory } from "@server/catalog/sql/category-rows";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { sheetText, stockTakeRows } from "../support/catalog-csv";
import { pngImage } from "../support/images";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { TEST_ORIGIN, useTestApp, type TestContext } from "../support/test-app";

/**
 * Every /api call, asked by a stranger, by the customer who owns the thing, by another customer and by an
 * admin: the status each one gets. The table is the documentation of who may do what.
 */
type Who = "anonymous" | "owner" | "other" | "admin";
const WHO: Who[] = ["anonymous", "owner", "other", "admin"];

/** What one cell works on: a product and an order of the owner's, made fresh for the cell. */
interface Scene {
  owner: TestAccount;
  productId: string;
  orderId: string;
  /** A customer made for the cell, for calls that change an account. */
  victim: TestAccount;
  /** An empty category made for the cell. */
  categoryId: string;
}

interface Call {
  call: string;
  request(s: Scene): { path: string; method: string; body?: unknown; form?: () => Promise<FormData>; csv?: string };
  /** Readies the scene for this call (the victim made an admin, to be removed again). */
  prepare?: (s: Scene, t: TestContext) => Promise<void>;
  expected: [anonymous: number, owner: number, other: number, admin: number];
}

const productBody = {
  name: "Matrix Gauge",
  price: 100,
  Availability: 10,
  minimumQuantity: 1,
  desc: "A gauge.",
  image: "/images/products/marking-gauge.svg",
};
const card = { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" };
const png = async () => {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(await pngImage(40, 30))], { type: "image/png" }), "a.png");
  return form;
};

/** Names no other category of the test's database has. */
const categoryNames = () => {
  const tag = randomUUID().slice(0, 8);
  return { nameEn: `Matrix shelf ${tag}`, nameBn: `তাক ${tag}` };
};

async function makeAdmin(t: TestContext, account: TestAccount) {
  await t.database.db.update(user).set({ role: "admin" }).where(eq(user.email, account.email));
}

// prettier-ignore
const TABLE: Call[] = [
  //                                                                                                 anon owner other admin
  { call: "GET /api/health",                    request: () => ({ method: "GET", path: "/api/health" }),                          expected: [200, 200, 200, 200] },
  { call: "GET /api/product",                   request: () => ({ method: "GET", path: "/api/product" }),                         expected: [200, 200, 200, 200] },
  { call: "GET /api/product with a search", request: () => ({ method: "GET", path: "/api/product?q=gauge&inStock=true&sort=price-asc&page=1&limit=5" }), expected: [200, 200, 200, 200] },
  { call: "GET /api/product/{id}",              request: (s) => ({ method: "GET", path: `/api/product/${s.productId}` }),         expected: [200, 200, 200, 200] },
  { call: "POST /api/product",                  request: () => ({ method: "POST", path: "/api/product", body: productBody }),     expected: [401, 403, 403, 200] },
  { call: "PUT /api/product/{id}",              request: (s) => ({ method: "PUT", path: `/api/product/${s.productId}`, body: { Availability: 5 } }), expected: [401, 403, 403, 200] },
  { call: "DELETE /api/product/{id}",           request: (s) => ({ method: "DELETE", path: `/api/product/${s.productId}` }),      expected: [401, 403, 403, 200] },
  { call: "GET /api/products.csv",              request: () => ({ method: "GET", path: "/api/products.csv" }),                    expected: [401, 403, 403, 200] },
  { call: "POST /api/products.csv?dryRun=true", request: (s) => ({ method: "POST", path: "/api/products.csv?dryRun=true", csv: sheetText(stockTakeRows(s.productId)) }), expected: [401, 403, 403, 200] },
  { call: "POST /api/products.csv",             request: (s) => ({ method: "POST", path: "/api/products.csv", csv: sheetText(stockTakeRows(s.productId)) }), expected: [401, 403, 403, 200] },
  { call: "POST /api/uploads",                  request: () => ({ method: "POST", path: "/api/uploads", form: png }),             expected: [401, 403, 403, 200] },
  { call: "POST /api/order",                    request: (s) => ({ method: "POST", path: "/api/order", body: { productId: s.productId, quantity: 1 } }), expected: [401, 200, 200, 200] },
  { call: "GET /api/order",                     request: () => ({ method: "GET", path: "/api/order" }),                           expected: [401, 403, 403, 200] },
  { call: "GET /api/order/{email}",             request: (s) => ({ method: "GET", path: `/api/order/${s.owner.email}` }),         expected: [401, 200, 403, 200] },
  { call: "GET /api/order with filters",        request: () => ({ method: "GET", path: "/api/order?status=unpaid&q=example&sort=oldest&limit=5" }), expected: [401, 403, 403, 200] },
  { call: "GET /api/order/{email} page 2",      request: (s) => ({ method: "GET", path: `/api/order/${s.owner.email}?page=2&limit=1` }), expected: [401, 200, 403, 200] },
  { call: "GET /api/order/{email}/{id}",        request: (s) => ({ method: "GET", path: `/api/order/${s.owner.email}/${s.orderId}` }), expected: [401, 200, 403, 200] },
  { call: "PATCH /api/order/{id}",              request: (s) => ({ method: "PATCH", path: `/api/order/${s.orderId}`, body: { transactionId: "pi_test_unknown" } }), expected: [401, 400, 403, 403] },
  { call: "DELETE /api/order/{id}",             request: (s) => ({ method: "DELETE", path: `/api/order/${s.orderId}` }),          expected: [401, 200, 403, 200] },
  { call: "PUT /api/order/{id}/delivery",       request: (s) => ({ method: "PUT", path: `/api/order/${s.orderId}/delivery`, body: TEST_DELIVERY }), expected: [401, 200, 403, 403] },
  { call: "POST /api/order/{id}/cash-on-delivery", request: (s) => ({ method: "POST", path: `/api/order/${s.orderId}/cash-on-delivery` }), expected: [401, 200, 403, 403] },
  { call: "POST /api/order/{id}/collect",       request: (s) => ({ method: "POST", path: `/api/order/${s.orderId}/collect` }),    expected: [401, 403, 403, 409] },
  { call: "POST /api/order/{id}/confirm",       request: (s) => ({ method: "POST", path: `/api/order/${s.orderId}/confirm` }),    expected: [401, 403, 403, 409] },
  { call: "PUT /api/order/{id}/status",         request: (s) => ({ method: "PUT", path: `/api/order/${s.orderId}/status`, body: { status: "shipped" } }), expected: [401, 403, 403, 409] },
  { call: "POST /api/order/{id}/accept-payment", request: (s) => ({ method: "POST", path: `/api/order/${s.orderId}/accept-payment` }), expected: [401, 403, 403, 409] },
  { call: "POST /api/order/{id}/refund",        request: (s) => ({ method: "POST", path: `/api/order/${s.orderId}/refund` }),     expected: [401, 403, 403, 409] },
  { call: "DELETE /api/order/{id} with a reason", request: (s) => ({ method: "DELETE", path: `/api/order/${s.orderId}`, body: { reason: "Out of season" } }), expected: [401, 200, 403, 200] },
  { call: "POST /api/create-payment-intent",    request: (s) => ({ method: "POST", path: "/api/create-payment-intent", body: { orderId: s.orderId } }), expected: [401, 200, 403, 403] },
  { call: "POST /api/payments/test/confirm",    request: () => ({ method: "POST", path: "/api/payments/test/confirm", body: { clientSecret: "pi_test_x_secret_y", card } }), expected: [404, 404, 404, 404] },
  { call: "POST /api/payments/stripe/webhook",  request: () => ({ method: "POST", path: "/api/payments/stripe/webhook", body: {} }), expected: [404, 404, 404, 404] },
  { call: "POST /api/payments/sslcommerz/session", request: (s) => ({ method: "POST", path: "/api/payments/sslcommerz/session", body: { orderId: s.orderId } }), expected: [401, 404, 404, 404] },
  { call: "GET /api/review page 2",             request: () => ({ method: "GET", path: "/api/review?page=2&limit=1" }),            expected: [200, 200, 200, 200] },
  { call: "GET /api/category",                  request: () => ({ method: "GET", path: "/api/category" }),                        expected: [200, 200, 200, 200] },
  { call: "POST /api/category",                 request: () => ({ method: "POST", path: "/api/category", body: categoryNames() }), expected: [401, 403, 403, 200] },
  { call: "PUT /api/category/{id}",             request: (s) => ({ method: "PUT", path: `/api/category/${s.categoryId}`, body: categoryNames() }), expected: [401, 403, 403, 200] },
  { call: "DELETE /api/category/{id}",          request: (s) => ({ method: "DELETE", path: `/api/category/${s.categoryId}` }),    expected: [401, 403, 403, 200] },
  { call: "GET /api/review",                    request: () => ({ method: "GET", path: "/api/review" }),                          expected: [200, 200, 200, 200] },
  { call: "POST /api/review",                   request: () => ({ method: "POST", path: "/api/review", body: { rating: 4, comment: "Sharp." } }), expected: [401, 200, 200, 200] },
  { call: "GET /api/profile/{email}",           request: (s) => ({ method: "GET", path: `/api/profile/${s.owner.email}` }),       expected: [401, 200, 403, 200] },
  { call: "PUT /api/profile/{email}",           request: (s) => ({ method: "PUT", path: `/api/profile/${s.owner.email}`, body: { education: "BSc" } }), expected: [401, 200, 403, 200] },
  { call: "GET /api/admin/{email}",             request: (s) => ({ method: "GET", path: `/api/admin/${s.owner.email}` }),         expected: [401, 200, 403, 200] },
  { call: "GET /api/user",                      request: () => ({ method: "GET", path: "/api/user" }),                            expected: [401, 403, 403, 200] },
  { call: "GET /api/user with a search",        request: () => ({ method: "GET", path: "/api/user?q=example&page=1&limit=5" }),   expected: [401, 403, 403, 200] },
  { call: "PUT /api/user/{email}",              request: (s) => ({ method: "PUT", path: `/api/user/${s.owner.email}`, body: { name: s.owner.name } }), expected: [401, 200, 403, 403] },
  { call: "PUT /api/user/admin/{email}",        request: (s) => ({ method: "PUT", path: `/api/user/admin/${s.victim.email}` }),   expected: [401, 403, 403, 200] },
  { call: "DELETE /api/user/admin/{email}",     request: (s) => ({ method: "DELETE", path: `/api/user/admin/${s.victim.email}` }), expected: [401, 403, 403, 200], prepare: (s, t) => makeAdmin(t, s.victim) },
  { call: "DELETE /api/user/{email}",           request: (s) => ({ method: "DELETE", path: `/api/user/${s.victim.email}` }),      expected: [401, 403, 403, 200] },
];

describe("authorization matrix: every /api call against a stranger, the owner, another customer and an admin", () => {
  const t = useTestApp();
  const accounts = {} as { owner: TestAccount; other: TestAccount; admin: TestAccount };

  beforeAll(async () => {
    accounts.owner = await signUp(t);
    accounts.other = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });

  async function scene(): Promise<Scene> {
    const { id: productId } = await makeProduct(t, { minimumQuantity: 1 });
    const placed = await t.request(
      "/api/order",
      jsonInit("POST", { productId, quantity: 1, delivery: TEST_DELIVERY }, asBearer(accounts.owner)),
    );
    const { insertedId: orderId } = (await placed.json()) as { insertedId: string };
    const { id: categoryId } = await insertCategory(t.database.db, categoryNames());
    return { owner: accounts.owner, productId, orderId, victim: await signUp(t), categoryId };
  }

  for (const row of TABLE) {
    it.each(WHO.map((who, i) => [who, row.expected[i]!] as const))(`${row.call} as %s → %i`, async (who, status) => {
      const s = await scene();
      await row.prepare?.(s, t);
      const { method, path, body, form, csv } = row.request(s);
      const headers: Record<string, string> = who === "anonymous" ? {} : asBearer(accounts[who]);
      const init: RequestInit = form
        ? { method, headers, body: await form() }
        : csv !== undefined
          ? { method, headers: { ...headers, "Content-Type": "text/csv", Origin: TEST_ORIGIN }, body: csv }
          : body === undefined
            ? { method, headers }
            : jsonInit(method, body, headers);
      const res = await t.request(path, init);
      expect(res.status, await res.clone().text()).toBe(status);
    });
  }
});
