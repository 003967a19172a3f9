import { onlyVariantOf } from "../support/stock-ledger";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cart, cartLine, order, product } from "@server/db/schema";
import { SHARED_ADDRESS_ACCOUNTS } from "@server/limits/rules";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { aGuestCart, anAccountCart, type Scene } from "../support/cart-scenes";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

/** Cart writes (and orders) one account or guest cart may make in each minute's window; an address, three's worth. */
const PER_ACCOUNT = 3;
const PER_ADDRESS = PER_ACCOUNT * SHARED_ADDRESS_ACCOUNTS;
const WINDOW_SECONDS = 60;
const TOO_MANY = {
  message: `Too many requests. Please try again in ${WINDOW_SECONDS} seconds.`,
  code: "request.too_many",
  params: { seconds: WINDOW_SECONDS },
};

/** What a call answered: its status, Retry-After, the JSON it said, and the cart cookie it handed out (if any). */
interface Answer {
  status: number;
  retryAfter: string | null;
  said: Record<string, unknown> | null;
  cartCookie: string | null;
}

/** Who writes: a customer by bearer token, or a guest by the cookie of the cart it holds (or none yet). */
type Writer = { account: TestAccount } | { cartToken: string | null };

/** One cart write, ready to be repeated: what it changes differs between calls, so none is refused for its input. */
interface CartDoor {
  door: string;
  /** A writer with a cart the door can write to at least `times` times. */
  prepare: (who: "customer" | "guest", times: number) => Promise<{ writer: Writer; scene: Scene }>;
  call: (writer: Writer, scene: Scene, i: number, address: string) => Promise<Answer>;
}

describe("the cart's rate limit, and checkout under the order limit", () => {
  const t = useTestApp({ CART_LIMIT_PER_MINUTE: String(PER_ACCOUNT), ORDER_LIMIT_PER_MINUTE: String(PER_ACCOUNT) });
  let clock = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));

  beforeAll(() => {
    // The limits' windows run on the store's clock, which the tests move instead of waiting.
    t.services.now = () => clock;
  });

  // Each test calls from addresses of its own, so no test spends another's budget.
  let lastAddress = 0;
  const anAddress = () => `192.0.2.${++lastAddress}`;
  /** An in-process request as if from `address`: the socket the server reads the client's address from. */
  const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

  function headersOf(writer: Writer): Record<string, string> {
    if ("account" in writer) return asBearer(writer.account);
    return writer.cartToken ? { Cookie: `randa.cart=${writer.cartToken}` } : {};
  }

  async function send(path: string, init: RequestInit, address: string): Promise<Answer> {
    const res = await t.app.request(path, init, from(address));
    const said = res.headers.get("content-type")?.startsWith("application/json") ? await res.json() : null;
    const set = res.headers.getSetCookie().find((c) => c.startsWith("randa.cart=") && !c.startsWith("randa.cart=;"));
    return {
      status: res.status,
      retryAfter: res.headers.get("retry-after"),
      said: said as Answer["said"],
      cartCookie: set ? set.split(";")[0]!.slice("randa.cart=".length) : null,
    };
  }

  const write = (method: string, path: string, body: unknown, writer: Writer, address: string) =>
    send(
      path,
      body === undefined
        ? { method, headers: { Origin: TEST_ORIGIN, ...headersOf(writer) } }
        : jsonInit(method, body, headersOf(writer)),
      address,
    );

  /** A writer with a cart of `lines` lines: a customer's, or a guest's named by its cookie. */
  async function aCartOf(who: "customer" | "guest", lines: number) {
    let scene: Scene;
    let writer: Writer;
    if (who === "customer") {
      const account = await signUp(t);
      scene = await anAccountCart(t, account);
      writer = { account };
    } else {
      scene = await aGuestCart(t);
      writer = { cartToken: scene.cartToken! };
    }
    const lineIds = [scene.lineId!];
    for (let i = 1; i < lines; i++) {
      const p = await makeProduct(t);
      const [line] = await t.database.db
        .insert(cartLine)
        .values({
          cartId: scene.cartId!,
          productId: p.id,
          variantId: await onlyVariantOf(t.database.db, p.id),
          quantity: 20,
          pricePoishaSeen: p.pricePoisha,
        })
        .returning({ id: cartLine.id });
      lineIds.push(line!.id);
    }
    return { writer, scene: { ...scene, lineIds: lineIds.join(",") } };
  }

  const DOORS: CartDoor[] = [
    {
      door: "POST /api/cart/items",
      prepare: async (who, _times) => {
        const prepared = await aCartOf(who, 1);
        // 20 pieces at a time: the product's per-order limit (100 of its 200) has room for five adds.
        return { ...prepared, scene: { ...prepared.scene, productId: (await makeProduct(t)).id } };
      },
      call: (writer, s, _i, address) =>
        write("POST", "/api/cart/items", { productId: s.productId, quantity: 20 }, writer, address),
    },
    {
      door: "PATCH /api/cart/items/{id}",
      prepare: (who) => aCartOf(who, 1),
      call: (writer, s, i, address) =>
        write("PATCH", `/api/cart/items/${s.lineId}`, { quantity: i % 2 === 0 ? 40 : 20 }, writer, address),
    },
    {
      door: "DELETE /api/cart/items/{id}",
      prepare: (who, times) => aCartOf(who, times),
      call: (writer, s, i, address) =>
        write("DELETE", `/api/cart/items/${s.lineIds!.split(",")[i]}`, undefined, writer, address),
    },
  ];

  /** The cart's rows as they are: what a refused write must leave alone. */
  const cartRows = async (cartId: string) => ({
    lines: await t.database.db.select().from(cartLine).where(eq(cartLine.cartId, cartId)),
    carts: await t.database.db.$count(cart),
  });

  async function spend(door: CartDoor, writer: Writer, s: Scene, address: string, times: number, from = 0) {
    for (let i = from; i < from + times; i++) {
      const answer = await door.call(writer, s, i, address);
      expect(answer.status, `call ${i + 1}: ${JSON.stringify(answer.said)}`).toBe(200);
    }
  }

  for (const door of DOORS) {
    describe(door.door, () => {
      for (const who of ["customer", "guest"] as const) {
        it(`refuses a ${who}'s write after ${PER_ACCOUNT} in the window with 429, Retry-After and the message, and changes nothing`, async () => {
          const { writer, scene } = await door.prepare(who, PER_ACCOUNT + 1);
          const address = anAddress();
          await spend(door, writer, scene, address, PER_ACCOUNT);

          const before = { rows: await fingerprint(t.database, CALLS_COUNTED), cart: await cartRows(scene.cartId!) };
          const refused = await door.call(writer, scene, PER_ACCOUNT, address);
          const after = { rows: await fingerprint(t.database, CALLS_COUNTED), cart: await cartRows(scene.cartId!) };

          expect(refused).toEqual({
            status: 429,
            retryAfter: String(WINDOW_SECONDS),
            said: TOO_MANY,
            cartCookie: null,
          });
          expect(changedTables(before.rows, after.rows)).toEqual([]);
          expect(after.cart).toEqual(before.cart);
        });
      }

      it("lets the writes through again once the window has passed", async () => {
        const { writer, scene } = await door.prepare("customer", PER_ACCOUNT + 2);
        const address = anAddress();
        await spend(door, writer, scene, address, PER_ACCOUNT);
        clock = new Date(clock.getTime() + (WINDOW_SECONDS - 1) * 1000);
        const refused = await door.call(writer, scene, PER_ACCOUNT, address);
        expect(refused.status).toBe(429);
        expect(refused.retryAfter).toBe("1");
        clock = new Date(clock.getTime() + 1000);
        expect((await door.call(writer, scene, PER_ACCOUNT, address)).status).toBe(200);
      });
    });
  }

  it("shares one counter between adding, changing and removing", async () => {
    const { writer, scene } = await aCartOf("customer", 2);
    const address = anAddress();
    const [add, change, remove] = DOORS as [CartDoor, CartDoor, CartDoor];
    const productId = (await makeProduct(t)).id;
    expect((await add.call(writer, { ...scene, productId }, 0, address)).status).toBe(200);
    expect((await change.call(writer, scene, 0, address)).status).toBe(200);
    expect((await remove.call(writer, scene, 1, address)).status).toBe(200);
    expect((await change.call(writer, scene, 1, address)).status).toBe(429);
    expect((await remove.call(writer, scene, 0, address)).status).toBe(429);
    expect((await add.call(writer, { ...scene, productId }, 1, address)).status).toBe(429);
  });

  it(`limits an address to ${PER_ADDRESS} cart writes whichever accounts and guest carts make them`, async () => {
    const address = anAddress();
    const [add] = DOORS as [CartDoor];
    for (let i = 0; i < SHARED_ADDRESS_ACCOUNTS; i++) {
      const { writer, scene } = await add.prepare(i % 2 === 0 ? "customer" : "guest", PER_ACCOUNT);
      await spend(add, writer, scene, address, PER_ACCOUNT);
    }
    const another = await add.prepare("guest", 1);
    expect((await add.call(another.writer, another.scene, 0, address)).status).toBe(429);
    // The guest cart itself has spent nothing: from another address it is let through.
    expect((await add.call(another.writer, another.scene, 0, anAddress())).status).toBe(200);
  });

  it("limits a customer whichever addresses the writes come from", async () => {
    const [add] = DOORS as [CartDoor];
    const { writer, scene } = await add.prepare("customer", PER_ACCOUNT + 1);
    await spend(add, writer, scene, anAddress(), PER_ACCOUNT);
    expect((await add.call(writer, scene, PER_ACCOUNT, anAddress())).status).toBe(429);
  });

  it("limits a client that drops the cart cookie by its address: no cookie, no new cart, once over", async () => {
    const address = anAddress();
    const productId = (await makeProduct(t)).id;
    const noCookie: Writer = { cartToken: null };
    const add = () => write("POST", "/api/cart/items", { productId, quantity: 20 }, noCookie, address);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const made = await add();
      expect(made.status).toBe(200);
      expect(made.cartCookie).toMatch(/^[\w-]{32}$/);
    }
    const carts = await t.database.db.$count(cart);
    const refused = await add();
    expect(refused).toEqual({ status: 429, retryAfter: String(WINDOW_SECONDS), said: TOO_MANY, cartCookie: null });
    expect(await t.database.db.$count(cart)).toBe(carts);
  });

  it("spends nothing on a cart write its input refuses, nor on reading the cart", async () => {
    const [add] = DOORS as [CartDoor];
    const { writer, scene } = await add.prepare("guest", PER_ACCOUNT);
    const address = anAddress();
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      const bad = await write(
        "POST",
        "/api/cart/items",
        { productId: scene.productId, quantity: "20" },
        writer,
        address,
      );
      expect(bad.status).toBe(400);
      expect((await send("/api/cart", { headers: headersOf(writer) }, address)).status).toBe(200);
    }
    await spend(add, writer, scene, address, PER_ACCOUNT);
    // Over the limit, the cart can still be read.
    expect((await add.call(writer, scene, PER_ACCOUNT, address)).status).toBe(429);
    expect((await send("/api/cart", { headers: headersOf(writer) }, address)).status).toBe(200);
  });

  describe("checkout counts against the order limit", () => {
    /** A customer's checkout of a one-line cart (filled in the database: filling it by the API spends cart writes). */
    async function checkoutOf(account: TestAccount, address: string) {
      const scene = await anAccountCart(t, account);
      const init = jsonInit("POST", { delivery: TEST_DELIVERY, paymentMethod: "cod" }, asBearer(account));
      return { scene, answer: await send("/api/checkout", init, address) };
    }
    const buyItNow = async (account: TestAccount, address: string) => {
      const { id } = await makeProduct(t);
      const body = { productId: id, quantity: 20, delivery: TEST_DELIVERY };
      return send("/api/order", jsonInit("POST", body, asBearer(account)), address);
    };
    const stockOf = async (productId: string) =>
      (await t.database.db.select().from(product).where(eq(product.id, productId)))[0]!.availability;

    it(`refuses the checkout after ${PER_ACCOUNT} in the window with 429 and Retry-After, and takes nothing`, async () => {
      const buyer = await signUp(t);
      const address = anAddress();
      for (let i = 0; i < PER_ACCOUNT; i++) expect((await checkoutOf(buyer, address)).answer.status).toBe(200);

      const scene = await anAccountCart(t, buyer);
      const before = { rows: await fingerprint(t.database, CALLS_COUNTED), orders: await t.database.db.$count(order) };
      const init = jsonInit("POST", { delivery: TEST_DELIVERY, paymentMethod: "cod" }, asBearer(buyer));
      const refused = await send("/api/checkout", init, address);
      const after = { rows: await fingerprint(t.database, CALLS_COUNTED), orders: await t.database.db.$count(order) };

      expect(refused).toEqual({ status: 429, retryAfter: String(WINDOW_SECONDS), said: TOO_MANY, cartCookie: null });
      expect(changedTables(before.rows, after.rows)).toEqual([]);
      expect(after.orders).toBe(before.orders);
      expect(await stockOf(scene.lineProductId!)).toBe(200);
      expect((await cartRows(scene.cartId!)).lines.map((l) => l.id)).toEqual([scene.lineId]);
    });

    it("shares one counter with POST /api/order (Buy It Now), both ways", async () => {
      const buyer = await signUp(t);
      const address = anAddress();
      for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await buyItNow(buyer, address)).status).toBe(200);
      expect((await checkoutOf(buyer, address)).answer.status).toBe(200);
      expect((await checkoutOf(buyer, address)).answer.status).toBe(429);
      expect((await buyItNow(buyer, address)).status).toBe(429);
    });

    it("spends nothing on a checkout its input refuses, and nothing of the cart's budget", async () => {
      const buyer = await signUp(t);
      const address = anAddress();
      for (let i = 0; i < PER_ADDRESS + 1; i++) {
        const bad = await send("/api/checkout", jsonInit("POST", { paymentMethod: "cod" }, asBearer(buyer)), address);
        expect(bad.status).toBe(400);
      }
      for (let i = 0; i < PER_ACCOUNT; i++) expect((await checkoutOf(buyer, address)).answer.status).toBe(200);
      // The cart's budget is its own: adding is still let through while checkout is refused.
      const productId = (await makeProduct(t)).id;
      const add = await write("POST", "/api/cart/items", { productId, quantity: 20 }, { account: buyer }, address);
      expect(add.status).toBe(200);
      expect((await checkoutOf(buyer, address)).answer.status).toBe(429);
    });
  });
});
