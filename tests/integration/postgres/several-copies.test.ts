import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@server/db/client";
import { emptyPostgresDatabase, spawnStore, stopStore, waitReady, type StoreProcess } from "../../support/built-store";
import { expiredByLog, expireWatched, makeDue, makeShelf, placeUnpaid, waitUntil } from "../../support/due-orders";
import { freePort } from "../../support/free-port";
import { pngImage } from "../../support/images";
import { startBalancer, type Balancer } from "../../support/nginx";
import { TEST_DELIVERY } from "../../support/orders";
import { startS3StandIn, type S3StandIn } from "../../support/s3-stand-in";

// Two copies of the production build on one PostgreSQL database and one S3 bucket, behind nginx: what
// docs/operating.md's "Several copies" section promises, shown end to end.

const ADMIN = { email: "owner@randa.example", password: "owner-password-1234" };
const ORDERS = 300;
const BUYERS = 20;
const QUANTITY = 20;

interface Copy {
  name: "a" | "b";
  port: number;
  store: StoreProcess;
}

describe("two copies of the store behind nginx, on one database and one bucket", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  let database: Database;
  let s3: S3StandIn;
  let balancer: Balancer;
  let env: Record<string, string>;
  const copies: Record<"a" | "b", Copy> = {} as Record<"a" | "b", Copy>;

  async function startCopy(name: "a" | "b", port: number) {
    const store = await spawnStore({ ...env, PORT: String(port) });
    cleanups.push(() => stopStore(store, "SIGKILL"));
    await waitReady(store);
    copies[name] = { name, port, store };
    return copies[name];
  }

  beforeAll(async () => {
    const made = await emptyPostgresDatabase(process.env.DATABASE_URL!);
    cleanups.push(made.drop);
    s3 = await startS3StandIn();
    cleanups.push(() => s3.close());
    const [nginxPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    env = {
      ...s3.env,
      DATABASE_URL: made.url,
      BASE_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: "1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ORDER_EXPIRY_INTERVAL_SECONDS: "1",
    };
    // One after the other: the first makes the schema and the admin, the second finds them.
    await startCopy("a", portA);
    await startCopy("b", portB);
    balancer = await startBalancer(nginxPort, [portA, portB]);
    cleanups.push(() => balancer.stop());
    database = await openDatabase({ url: made.url });
    cleanups.push(() => database.close());
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  const at = (copy: Copy) => `http://127.0.0.1:${copy.port}`;
  const origin = () => ({ Origin: balancer.base });
  const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method,
    headers: { "Content-Type": "application/json", ...origin(), ...headers },
    body: JSON.stringify(body),
  });

  async function signUp(base: string) {
    const account = { name: "Workshop Buyer", email: `buyer-${randomUUID()}@example.test`, password: "sawdust-4242" };
    const res = await fetch(`${base}/api/auth/sign-up/email`, json("POST", account));
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("randa.session_token="))!
      .split(";")[0]!;
    return { ...account, cookie, token: res.headers.get("set-auth-token")! };
  }

  async function adminToken(base: string) {
    const res = await fetch(`${base}/api/auth/sign-in/email`, json("POST", ADMIN));
    expect(res.status).toBe(200);
    return res.headers.get("set-auth-token")!;
  }

  it("a customer signed in through one copy is signed in through the other", async () => {
    const buyer = await signUp(at(copies.a));
    for (const copy of [copies.b, copies.a]) {
      const res = await fetch(`${at(copy)}/api/auth/get-session`, { headers: { Cookie: buyer.cookie } });
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(buyer.email);
      const orders = await fetch(`${at(copy)}/api/order/${encodeURIComponent(buyer.email)}`, {
        headers: { Authorization: `Bearer ${buyer.token}` },
      });
      expect(orders.status).toBe(200);
    }
  });

  it("an image uploaded through one copy is served by the other, from the bucket", async () => {
    const token = await adminToken(at(copies.a));
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await pngImage(320, 240))], { type: "image/png" }), "plane.png");
    const upload = await fetch(`${at(copies.a)}/api/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { url } = ((await upload.json()) as { data: { url: string } }).data;
    const served = await fetch(`${at(copies.b)}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toMatch(/immutable/);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    const key = (await s3.keys()).find((k) => url.endsWith(k.split("/").pop()!));
    expect(key).toBeDefined();
    expect((await s3.read(key!)).body.equals(bytes)).toBe(true);
  });

  // The other copy learns of a change from the database's NOTIFY (decision 0012): it is seen within the
  // notification's trip, milliseconds, not before the writer's answer. On a loaded machine the reader's request can
  // still overtake that trip, so the test waits for it, up to two seconds.
  const seenSoon = (what: string, check: () => Promise<boolean>) => waitUntil(what, check, 2_000);

  it("a catalog change made through one copy is seen at once through the other", async () => {
    const token = await adminToken(at(copies.a));
    const auth = { Authorization: `Bearer ${token}` };
    const product = {
      image: "/images/products/marking-gauge.svg",
      name: `Shoulder Plane ${randomUUID().slice(0, 6)}`,
      price: 2450,
      Availability: 400,
      minimumQuantity: 20,
      desc: "A shoulder plane for tenons.",
    };
    // The other copy's pages first, so that it holds them in its page cache.
    const listed = async (copy: Copy) =>
      (await (await fetch(`${at(copy)}/shop?sort=newest`)).text()).includes(product.name);
    expect(await listed(copies.b)).toBe(false);
    const added = await fetch(`${at(copies.a)}/api/product`, json("POST", product, auth));
    expect(added.status).toBe(200);
    const { insertedId } = (await added.json()) as { insertedId: string };
    await seenSoon("the other copy lists the new product", () => listed(copies.b));
    const detail = await fetch(`${at(copies.b)}/api/product/${insertedId}`);
    expect(((await detail.json()) as { price: number }).price).toBe(2450);
    const page = async () => (await (await fetch(`${at(copies.b)}/detail/${insertedId}`)).text()).includes("2,980");
    expect(await page()).toBe(false);
    const repriced = await fetch(
      `${at(copies.a)}/api/product/${insertedId}`,
      json("PUT", { ...product, price: 2980 }, auth),
    );
    expect(repriced.status).toBe(200);
    await seenSoon("the other copy's product page shows the new price", page);
  });

  it("runs scheduled work once: unpaid orders falling due are expired by one copy or the other, never both", async () => {
    const shelf = await makeShelf(database.db, 4);
    const ids = await placeUnpaid(database.db, shelf, 24);
    const from = [copies.a, copies.b].map((c) => c.store.output.length);
    await makeDue(database.db, ids);
    await expireWatched(database.db, shelf, ids);
    const reported = () => expiredByLog(copies.a.store.output, from[0]) + expiredByLog(copies.b.store.output, from[1]);
    await waitUntil("the copies said how many they expired", async () => reported() >= ids.length);
    expect(reported()).toBe(ids.length);
  });

  describe.each(["SIGTERM", "SIGKILL"] as const)("%s to one copy while orders pour in", (signal) => {
    it(`${ORDERS} orders through nginx: each 2xx order exists once, stock adds up, and only the stopped copy's requests in flight fail`, async () => {
      if (!copies.b.store.child.connected && copies.b.store.child.exitCode !== null)
        await startCopy("b", copies.b.port);
      await waitUntil("nginx sends requests to both copies again", async () => {
        const answered = await Promise.all(
          Array.from({ length: 4 }, () =>
            fetch(`${balancer.base}/api/health`).then((r) => r.headers.get("x-upstream")),
          ),
        );
        return new Set(answered).size === 2;
      });
      const token = await adminToken(balancer.base);
      const stock = ORDERS * QUANTITY * 2;
      const added = await fetch(
        `${balancer.base}/api/product`,
        json(
          "POST",
          {
            image: "/images/products/marking-gauge.svg",
            name: `Bench Chisel ${signal}`,
            price: 890,
            Availability: stock,
            minimumQuantity: QUANTITY,
            // Each buyer places many unpaid orders of it: no hoarding limit (decision 0026) is reached.
            maxPerOrder: stock,
            desc: "A bench chisel.",
          },
          { Authorization: `Bearer ${token}` },
        ),
      );
      const { insertedId: productId } = (await added.json()) as { insertedId: string };
      const buyers = await Promise.all(Array.from({ length: BUYERS }, () => signUp(balancer.base)));

      const stopped = copies.b;
      const stoppedAt = `127.0.0.1:${stopped.port}`;
      let sent = 0;
      let done = 0;
      let stopping: Promise<unknown> | null = null;
      const first: Array<{ key: string; buyer: number; status: number; upstream: string; orderId?: string }> = [];
      const place = async (buyer: number, key: string) => {
        const res = await fetch(
          `${balancer.base}/api/order`,
          json(
            "POST",
            { productId, quantity: QUANTITY, delivery: TEST_DELIVERY },
            {
              Authorization: `Bearer ${buyers[buyer]!.token}`,
              "Idempotency-Key": key,
            },
          ),
        );
        const body = (await res.json().catch(() => ({}))) as { insertedId?: string };
        return {
          key,
          buyer,
          status: res.status,
          upstream: res.headers.get("x-upstream") ?? "",
          orderId: body.insertedId,
        };
      };
      await Promise.all(
        buyers.map(async (_, buyer) => {
          while (sent < ORDERS) {
            sent++;
            const answer = await place(buyer, randomUUID());
            first.push(answer);
            if (++done === ORDERS / 3) stopping = stopStore(stopped.store, signal);
          }
        }),
      );
      await stopping;

      const failed = first.filter((a) => a.status < 200 || a.status >= 300);
      const byCopy = (copy: Copy) => first.filter((a) => a.upstream === `127.0.0.1:${copy.port}`).length;
      console.log(
        `${signal}: ${ORDERS} orders through nginx; copy a answered ${byCopy(copies.a)}, copy b ${byCopy(copies.b)} ` +
          `before it stopped; ${failed.length} failed in flight on the stopped copy (${failed.map((f) => f.status).join(", ") || "none"}).`,
      );
      expect(byCopy(copies.a)).toBeGreaterThan(0);
      expect(byCopy(copies.b)).toBeGreaterThan(0);
      // A failure is a request the stopped copy had taken when it went (nginx's 502), never more than were in flight.
      for (const failure of failed) {
        expect(failure.status).toBe(502);
        expect(failure.upstream.split(", ")).toContain(stoppedAt);
      }
      expect(failed.length).toBeLessThanOrEqual(BUYERS);
      expect(stopped.store.child.exitCode !== null || stopped.store.child.signalCode !== null).toBe(true);
      if (signal === "SIGTERM") expect(await stopped.store.exited).toEqual({ code: 0, signal: null });

      // The buyers whose answer was lost try again with the same key: an order the stopped copy made is answered,
      // not made twice.
      const retried = await Promise.all(failed.map((f) => place(f.buyer, f.key)));
      expect(retried.map((r) => r.status)).toEqual(failed.map(() => 200));
      const answered = [...first.filter((a) => a.status === 200), ...retried];
      expect(answered).toHaveLength(ORDERS);
      expect(new Set(answered.map((a) => a.orderId)).size).toBe(ORDERS);

      const rows = (await database.db.execute(sql`
        select count(*)::int as orders, count(distinct idempotency_key)::int as keys,
               coalesce(sum(quantity), 0)::int as taken,
               (select availability from product where id = ${productId}::uuid) as availability
        from "order" where product_id = ${productId}::uuid`)) as unknown as {
        rows: { orders: number; keys: number; taken: number; availability: number }[];
      };
      expect(rows.rows[0]).toEqual({
        orders: ORDERS,
        keys: ORDERS,
        taken: ORDERS * QUANTITY,
        availability: stock - ORDERS * QUANTITY,
      });
    }, 120_000);
  });
});
