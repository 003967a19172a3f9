import { changeOnlyShelf } from "../support/stock-ledger";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cart, cartLine } from "@server/db/schema";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { makeProduct, messageOf } from "../support/orders";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

interface CartAnswer {
  items: {
    id: string;
    productId: string;
    name: string;
    price: number;
    priceWas: number | null;
    quantity: number;
    available: number;
    lineTotal: number;
    problem: { code: string; message: string } | null;
  }[];
  subtotal: number;
  weight: number;
}

/** A visitor with a cookie jar of one cart cookie (a guest), or a customer's session cookie. */
interface Visitor {
  cookie: string;
}

describe("the cart", () => {
  const t = useTestApp();

  const guest = (): Visitor => ({ cookie: "" });
  const customer = (a: TestAccount): Visitor => ({ cookie: a.cookie });

  /** A call as the visitor's browser makes it, keeping the cart cookie the store sets. */
  async function call(v: Visitor, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { Origin: TEST_ORIGIN };
    if (v.cookie) headers.Cookie = v.cookie;
    const init: RequestInit = body === undefined ? { method, headers } : jsonInit(method, body, headers);
    const res = await t.request(path, init);
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const [name, value] = pair!.split("=");
      if (name !== "randa.cart") continue;
      const others = v.cookie.split("; ").filter((c) => c && !c.startsWith("randa.cart="));
      v.cookie = [...others, ...(value ? [`randa.cart=${value}`] : [])].join("; ");
    }
    return res;
  }
  const cartOf = async (v: Visitor) => (await (await call(v, "GET", "/api/cart")).json()) as CartAnswer;

  it("lets a guest add, change and remove lines, named by an httpOnly cookie, with today's prices", async () => {
    const chisel = await makeProduct(t, { pricePoisha: 245000, weightGrams: 400 });
    const plane = await makeProduct(t, { pricePoisha: 500000, weightGrams: 1500 });
    const v = guest();
    const added = await call(v, "POST", "/api/cart/items", { productId: chisel.id, quantity: 20 });
    expect(added.status).toBe(200);
    const setCookie = added.headers.getSetCookie().find((c) => c.startsWith("randa.cart="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    await call(v, "POST", "/api/cart/items", { productId: plane.id, quantity: 20 });
    await call(v, "POST", "/api/cart/items", { productId: chisel.id, quantity: 20 });
    let shown = await cartOf(v);
    expect(shown.items.map((i) => [i.productId, i.quantity])).toEqual([
      [chisel.id, 40],
      [plane.id, 20],
    ]);
    expect(shown.subtotal).toBe(2450 * 40 + 5000 * 20);
    expect(shown.weight).toBe(400 * 40 + 1500 * 20);
    const planeLine = shown.items[1]!.id;
    expect((await call(v, "PATCH", `/api/cart/items/${planeLine}`, { quantity: 60 })).status).toBe(200);
    expect((await call(v, "DELETE", `/api/cart/items/${shown.items[0]!.id}`)).status).toBe(200);
    shown = await cartOf(v);
    expect(shown.items.map((i) => [i.productId, i.quantity])).toEqual([[plane.id, 60]]);
    // The database keeps the token's hash, never the token itself.
    const token = v.cookie.split("randa.cart=")[1]!;
    const carts = await t.database.db.select().from(cart);
    expect(carts.some((c) => c.tokenHash === token)).toBe(false);
  });

  it("says what changed since a line was set: a new price, and fewer pieces left than it asks", async () => {
    const saw = await makeProduct(t, { pricePoisha: 245000, availability: 200 });
    const v = guest();
    await call(v, "POST", "/api/cart/items", { productId: saw.id, quantity: 60 });
    await changeOnlyShelf(t.database.db, saw.id, { pricePoisha: 230000, availability: 40 });
    const [line] = (await cartOf(v)).items;
    expect(line).toMatchObject({ price: 2300, priceWas: 2450, quantity: 60, available: 40, lineTotal: 2300 * 60 });
    expect(line!.problem).toEqual({ code: "cart.only_left", message: "Only 40 Pis left" });
  });

  it("holds quantities to the product's rules: minimum, steps of 20, the most per order, the stock", async () => {
    const gauge = await makeProduct(t, { minimumQuantity: 20, availability: 100, maxPerOrder: 60 });
    const v = guest();
    const cases: [number, number, string][] = [
      [10, 400, "You have to buy at least 20"],
      [30, 400, "Quantity goes up in steps of 20 from the minimum of 20: order 20 or 40 Pis"],
      [80, 409, "One order can take at most 60 Pis of this tool"],
    ];
    for (const [quantity, status, message] of cases) {
      const res = await call(v, "POST", "/api/cart/items", { productId: gauge.id, quantity });
      expect(res.status).toBe(status);
      expect(await messageOf(res)).toBe(message);
    }
    await call(v, "POST", "/api/cart/items", { productId: gauge.id, quantity: 40 });
    const over = await call(v, "POST", "/api/cart/items", { productId: gauge.id, quantity: 40 });
    expect(over.status).toBe(409);
    expect((await cartOf(v)).items[0]!.quantity).toBe(40);
  });

  it("holds at most 50 lines", async () => {
    const v = guest();
    const products = await Promise.all(Array.from({ length: 51 }, () => makeProduct(t, { minimumQuantity: 1 })));
    for (const p of products.slice(0, 50)) {
      expect((await call(v, "POST", "/api/cart/items", { productId: p.id, quantity: 1 })).status).toBe(200);
    }
    const full = await call(v, "POST", "/api/cart/items", { productId: products[50]!.id, quantity: 1 });
    expect(full.status).toBe(409);
    expect(await messageOf(full)).toBe("A cart holds at most 50 different tools. Check out or remove one first.");
    expect((await cartOf(v)).items).toHaveLength(50);
  });

  it("joins a guest's cart to the account's at sign-in, quantities adding up within the rules", async () => {
    const chisel = await makeProduct(t, { minimumQuantity: 20, availability: 200, maxPerOrder: 100 });
    const plane = await makeProduct(t);
    const account = await signUp(t);
    const mine = customer(account);
    await call(mine, "POST", "/api/cart/items", { productId: chisel.id, quantity: 60 });
    const v = guest();
    await call(v, "POST", "/api/cart/items", { productId: chisel.id, quantity: 60 });
    await call(v, "POST", "/api/cart/items", { productId: plane.id, quantity: 20 });
    // The same browser, now signed in: its cart cookie and the session together.
    const signedIn: Visitor = { cookie: `${v.cookie}; ${account.cookie}` };
    const merged = await call(signedIn, "GET", "/api/cart");
    expect(merged.headers.getSetCookie().some((c) => /^randa\.cart=;.*Max-Age=0/.test(c))).toBe(true);
    const shown = (await merged.json()) as CartAnswer;
    expect(shown.items.map((i) => [i.productId, i.quantity])).toEqual([
      [chisel.id, 100],
      [plane.id, 20],
    ]);
    // The guest cart is gone: its cookie opens nothing any more.
    expect((await cartOf({ cookie: v.cookie.split("; ").find((c) => c.startsWith("randa.cart="))! })).items).toEqual(
      [],
    );
  });

  it("gives a bearer-only client the cart of its account", async () => {
    const account = await signUp(t);
    const p = await makeProduct(t);
    const res = await t.request(
      "/api/cart/items",
      jsonInit("POST", { productId: p.id, quantity: 20 }, asBearer(account)),
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("randa.cart="))).toBe(false);
    const viaCookie = await cartOf(customer(account));
    expect(viaCookie.items.map((i) => i.productId)).toEqual([p.id]);
  });

  it("never reaches another visitor's line: guest, owner, other customer and admin", async () => {
    const p = await makeProduct(t);
    const owner = await signUp(t);
    const other = await signUp(t);
    const admin = await signUpAdmin(t);
    const mine = customer(owner);
    const { items } = (await (
      await call(mine, "POST", "/api/cart/items", { productId: p.id, quantity: 20 })
    ).json()) as CartAnswer;
    const lineId = items[0]!.id;
    for (const stranger of [guest(), customer(other), customer(admin)]) {
      expect((await call(stranger, "PATCH", `/api/cart/items/${lineId}`, { quantity: 40 })).status).toBe(404);
      expect((await call(stranger, "DELETE", `/api/cart/items/${lineId}`)).status).toBe(404);
      expect((await cartOf(stranger)).items).toEqual([]);
    }
    const lines = await t.database.db.select().from(cartLine).where(eq(cartLine.id, lineId));
    expect(lines.map((l) => l.quantity)).toEqual([20]);
  });

  it("drops a cart cookie it never made, and answers malformed line ids as not found", async () => {
    const v: Visitor = { cookie: "randa.cart=not-a-token" };
    expect((await cartOf(v)).items).toEqual([]);
    expect((await call(v, "PATCH", "/api/cart/items/not-a-uuid", { quantity: 20 })).status).toBe(404);
    expect((await call(v, "DELETE", "/api/cart/items/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
