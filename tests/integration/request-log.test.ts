import { beforeAll, describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pageRoutePattern } from "@server/http/page-route";
import { createReadiness } from "@server/http/readiness";
import type { Services } from "@server/services";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { pngImage } from "../support/images";
import { TEST_DELIVERY, makeProduct, orderFor } from "../support/orders";
import { useTestApp } from "../support/test-app";
import { loggedApp } from "../support/logged-app";

const CARD = "4242424242424242";
const PASSWORD = "dovetail-secret-9917";

describe("the request log", () => {
  const t = useTestApp();
  let buyer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    buyer = await signUp(t, { password: PASSWORD });
    admin = await signUpAdmin(t);
  });

  it("writes one JSON line per request: method, route pattern, status, duration, request id, and the user", async () => {
    const { request, lines } = loggedApp(t);
    const orderId = await orderFor(t, buyer);
    const res = await request(`/api/order/${encodeURIComponent(buyer.email)}/${orderId}`, { headers: asBearer(buyer) });
    expect(res.status).toBe(200);
    await request("/api/product/not-a-product");
    const [mine, missing] = lines();
    expect(mine).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      route: "/api/order/:email/:orderId",
      status: 200,
      reqId: res.headers.get("x-request-id"),
    });
    expect(mine!.userId).toMatch(/\S/);
    expect(mine!.ms).toBeGreaterThan(0);
    expect(Date.parse(mine!.time)).not.toBeNaN();
    expect(missing).toMatchObject({ route: "/api/product/:id", status: 404 });
    expect(missing!.userId).toBeUndefined();
    expect(missing!.reqId).not.toBe(mine!.reqId);
  });

  it("never writes a password, a session token, a card number or an address, through sign-in, paying and uploading", async () => {
    const { log, request, lines } = loggedApp(t);
    const signIn = await request(
      "/api/auth/sign-in/email",
      jsonInit("POST", { email: buyer.email, password: PASSWORD }),
    );
    expect(signIn.status).toBe(200);
    const token = signIn.headers.get("set-auth-token")!;
    const session = { Authorization: `Bearer ${token}` };
    const product = await makeProduct(t);
    const order = await request(
      "/api/order",
      jsonInit("POST", { productId: product.id, quantity: 20, delivery: TEST_DELIVERY }, session),
    );
    expect(order.status).toBe(200);
    const { insertedId: orderId } = (await order.json()) as { insertedId: string };
    const intent = await request("/api/create-payment-intent", jsonInit("POST", { orderId }, session));
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await request(
      "/api/payments/test/confirm",
      jsonInit("POST", {
        clientSecret,
        card: { number: CARD, expMonth: 12, expYear: 2034, cvc: "123" },
        billingDetails: { name: "Karim", email: buyer.email },
      }),
    );
    expect(paid.status).toBe(200);
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await pngImage(64, 48))], { type: "image/png" }), "saw.png");
    const upload = await request("/api/uploads", { method: "POST", headers: asCookie(admin), body: form });
    expect(upload.status).toBe(200);

    expect(lines().map((l) => `${l.method} ${l.route} ${l.status}`)).toEqual([
      "POST /api/auth/* 200",
      "POST /api/order 200",
      "POST /api/create-payment-intent 200",
      "POST /api/payments/test/confirm 200",
      "POST /api/uploads 200",
    ]);
    for (const secret of [
      PASSWORD,
      token,
      token.split(".")[0]!,
      admin.cookie.split("=")[1]!.split(".")[0]!,
      CARD,
      "4242 4242",
      clientSecret,
      TEST_DELIVERY.phone,
      TEST_DELIVERY.address,
    ]) {
      expect(log.text).not.toContain(secret);
    }
  });

  it("logs readiness's 503 while starting or draining at info, never as a failed request", async () => {
    const readiness = createReadiness();
    const { request, lines } = loggedApp(t, {}, readiness);
    expect((await request("/api/ready")).status).toBe(503);
    readiness.ready();
    expect((await request("/api/ready")).status).toBe(200);
    readiness.drain();
    expect((await request("/api/ready")).status).toBe(503);
    expect(lines().map((l) => [l.level, l.msg, l.status])).toEqual([
      ["info", "not ready: starting", 503],
      ["info", "request", 200],
      ["info", "not ready: draining", 503],
    ]);
  });

  it("echoes a trusted proxy's X-Request-Id, and makes its own when the sender is not trusted", async () => {
    const sent = "0f8e7d6c5b4a39281706f5e4d3c2b1a0";
    const direct = loggedApp(t, { trustProxy: 0 });
    const own = await direct.request("/api/health", { headers: { "X-Request-Id": sent } });
    expect(own.headers.get("x-request-id")).not.toBe(sent);
    expect(own.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const proxied = loggedApp(t, { trustProxy: 1 });
    const kept = await proxied.request("/api/health", { headers: { "X-Request-Id": sent } });
    expect(kept.headers.get("x-request-id")).toBe(sent);
    expect(proxied.lines()[0]!.reqId).toBe(sent);
    const odd = await proxied.request("/api/health", { headers: { "X-Request-Id": "<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives every answer its request id: a list, a refusal, a missing call, a body over its limit", async () => {
    const app = loggedApp(t);
    const answers = [
      await app.request("/api/product"),
      await app.request("/api/order", jsonInit("POST", { productId: "x", quantity: 1 })),
      await app.request("/api/no-such-call"),
      await app.request("/api/review", jsonInit("POST", { rating: 5, comment: "x".repeat(200_000) }, asBearer(buyer))),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 413]);
    const ids = answers.map((a) => a.headers.get("x-request-id"));
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id ?? ""))).toBe(true);
    expect(app.lines().map((l) => l.reqId)).toEqual(ids);
  });

  it("logs a failure with its stack on the server, under the request's id, and answers without internals", async () => {
    // A payment provider that fails in a way nobody foresaw.
    const broken = Object.assign(Object.create(t.services.payments!) as object, {
      start: () => Promise.reject(new Error("provider exploded")),
    }) as unknown as Services["payments"];
    const failing = loggedApp(t, { payments: broken });
    const orderId = await orderFor(t, buyer);
    const res = await failing.request("/api/create-payment-intent", jsonInit("POST", { orderId }, asBearer(buyer)));
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain("provider exploded");
    const logged = failing.lines();
    const error = logged.find((l) => l.err);
    expect(error).toMatchObject({ level: "error", reqId: res.headers.get("x-request-id") });
    expect(error!.err!.message).toBe("provider exploded");
    expect(error!.err!.stack).toMatch(/at /);
    expect(logged.at(-1)).toMatchObject({ msg: "request failed", status: 500, level: "error" });
  });
});

describe("a page's route in the log", () => {
  // The shape of the build's manifest (app/routes.ts): a root, pages under it, a layout without a path.
  const build = {
    routes: {
      root: { id: "root", path: "" },
      home: { id: "home", parentId: "root", index: true },
      detail: { id: "detail", parentId: "root", path: "detail/:productId" },
      dashboard: { id: "dashboard", parentId: "root", path: "dashboard" },
      admin: { id: "admin", parentId: "dashboard" },
      manageorder: { id: "manageorder", parentId: "admin", path: "manageorder" },
      order: { id: "order", parentId: "dashboard", path: "order/:orderId" },
      missing: { id: "missing", parentId: "root", path: "*" },
    },
  } as unknown as ServerBuild;

  it.each([
    ["/", "/"],
    ["/detail/6f1c2d3e-0000-4000-8000-000000000001", "/detail/:productId"],
    ["/dashboard/manageorder", "/dashboard/manageorder"],
    ["/dashboard/order/6f1c2d3e-0000-4000-8000-000000000001", "/dashboard/order/:orderId"],
    ["/no/such/page", "/*"],
    ["/dashboard/manageorder.data", "/dashboard/manageorder"],
    ["/_root.data", "/"],
    ["/dashboard", "/dashboard"],
    ["/dashboard/", "/dashboard"],
    ["/Detail/6F1C2D3E-0000-4000-8000-000000000001", "/detail/:productId"],
    ["/detail", "/*"],
    ["/dashboard/no-such-page", "/*"],
    ["/detail/a/b", "/*"],
  ])("names %s as %s, never the ids in it", (pathname, pattern) => {
    expect(pageRoutePattern(build, pathname)).toBe(pattern);
  });

  it("names every path as React Router's own matchRoutes would", () => {
    type Node = RouteObject & { children: Node[] };
    const nodes = new Map<string, Node>();
    const routes = Object.values(build.routes) as { id: string; parentId?: string; path?: string; index?: boolean }[];
    for (const r of routes) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, children: [] } as Node);
    const tree: Node[] = [];
    for (const r of routes) (r.parentId ? nodes.get(r.parentId)!.children : tree).push(nodes.get(r.id)!);
    const theirs = (path: string) => {
      const segments = (matchRoutes(tree, path) ?? []).map((m) => m.route.path).filter(Boolean);
      return segments.length === 0 ? "/" : `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
    };
    for (const path of [
      "/",
      "/detail/x",
      "/DETAIL/x/",
      "/detail",
      "/detail/x/y",
      "/dashboard",
      "/dashboard/",
      "/dashboard/manageorder",
      "/dashboard/manageorder/x",
      "/dashboard/order/1",
      "/dashboard/order",
      "/x",
      "/x/y/z",
    ]) {
      expect(pageRoutePattern(build, path), path).toBe(theirs(path));
    }
  });
});
