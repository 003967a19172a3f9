import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { openDatabase } from "@server/db/client";
import { createLogger } from "@server/log/logger";
import { signUp } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { buyItNow } from "../support/cart-page-scenes";
import { makeProduct } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { quickHashing, withPasswordHashing } from "../support/password-hashing";
import { parsePrometheusText, valueOf, type Sample } from "../support/prometheus-text";
import { TEST_ORIGIN } from "../support/test-app";

interface Line {
  level: string;
  msg: string;
  reqId?: string;
  route?: string;
  status?: number;
  err?: { message: string; stack: string };
}

describe("the pages' log and metrics", () => {
  const t = usePageApp();
  let server: Server;
  let port: number;
  let text = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const lines = () =>
    text
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);

  beforeAll(async () => {
    const log = createLogger({ level: "info", format: "json", destination: sink });
    const app = createApp({ services: { ...t.services, log }, ssr: { build: t.build, mode: "development" } });
    server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Settles once the store's end of its next connection has closed: it has seen the browser go. */
  const nextConnectionClosed = () =>
    new Promise<void>((resolve) => server.once("connection", (end) => end.once("close", () => resolve())));

  /** Sends a sign-in the way the page's script does, then closes the connection at once, as a page left does. */
  function signInAndLeave() {
    const body = "email=nobody-at-all%40example.test&password=not-the-password&redirectTo=%2F";
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        [
          "POST /login.data HTTP/1.1",
          // the store's own address, as its page would send them
          `Host: ${new URL(TEST_ORIGIN).host}`,
          `Origin: ${TEST_ORIGIN}`,
          "Content-Type: application/x-www-form-urlencoded",
          `Content-Length: ${body.length}`,
          "",
          body,
        ].join("\r\n"),
        () => socket.destroy(),
      );
    });
  }

  it("logs a browser that left before the answer as a closed request (499, info), not as a failure", async () => {
    text = "";
    // The sign-in's password hash waits until the browser has gone, so its answer always comes after.
    const left = nextConnectionClosed();
    const afterLeaving = {
      hash: async (password: string) => left.then(() => quickHashing.hash(password)),
      verify: async (data: { hash: string; password: string }) => left.then(() => quickHashing.verify(data)),
    };
    await withPasswordHashing(afterLeaving, async () => {
      signInAndLeave();
      await expect.poll(() => lines().length, { timeout: 10_000 }).toBeGreaterThan(0);
    });
    const [line] = lines();
    expect(line).toMatchObject({ level: "info", msg: "client closed request", route: "/login", status: 499 });
  });

  it("logs a page's failure with its stack under the request's id; a missing page or a refused form is no failure", async () => {
    text = "";
    expect((await fetch(`http://127.0.0.1:${port}/detail/not-a-product`)).status).toBe(404);
    // a form the action refuses on purpose (not a form at all): a 400 with its message, not a failure
    const refused = await fetch(`http://127.0.0.1:${port}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Host: new URL(TEST_ORIGIN).host },
      body: "{}",
    });
    expect(refused.status).toBe(400);
    const refusedId = refused.headers.get("x-request-id");
    const refusal = lines().filter((line) => line.reqId === refusedId);
    expect(refusal.map((line) => `${line.level} ${line.msg}`)).toEqual(["info page refused", "info request"]);
    const gone = await openDatabase({ inMemory: true });
    await gone.close();
    const broken = createApp({
      services: { ...t.services, log: createLogger({ level: "info", format: "json", destination: sink }), db: gone.db },
      ssr: { build: t.build, mode: "development" },
    });
    const res = await broken.request(`${TEST_ORIGIN}/shop`);
    expect(res.status).toBe(500);
    const failure = lines().find((line) => line.msg === "page failed");
    expect(failure?.err?.stack).toMatch(/\n\s+at /);
    expect(failure?.reqId).toBe(res.headers.get("x-request-id"));
    // each loader that failed (the layout's and the page's), then the request's own line
    const errors = lines().filter((line) => line.level === "error");
    expect(errors.at(-1)).toMatchObject({ msg: "request failed", status: 500, route: "/shop" });
    expect(new Set(errors.slice(0, -1).map((line) => line.msg))).toEqual(new Set(["page failed"]));
    expect(new Set(errors.map((line) => line.reqId))).toEqual(new Set([failure!.reqId]));
    expect(await res.text()).not.toContain(failure!.err!.message);
  });

  it("counts an order placed through checkout's Place order (Buy It Now) in GET /metrics, as one placed through the API", async () => {
    const scrape = async () => parsePrometheusText(await (await t.request("/metrics")).text());
    const placed = (samples: Sample[]) => valueOf(samples, "randa_order_events_total", { event: "placed" });
    const buyer = await signUp(t);
    const { id } = await makeProduct(t);
    const before = placed(await scrape());
    const answer = await readAnswer(await buyItNow(t, buyer, id, 20));
    expect(answer).toMatchObject({
      status: 302,
      location: expect.stringMatching(/^\/dashboard\/payment\/[0-9a-f-]{36}$/),
    });
    expect(placed(await scrape()) - before).toBe(1);
  });

  it("names the signed-in user on a page's log line", async () => {
    const buyer = await signUp(t);
    text = "";
    const res = await fetch(`http://127.0.0.1:${port}/dashboard/profile`, {
      headers: { Cookie: buyer.cookie, Host: new URL(TEST_ORIGIN).host },
    });
    expect(res.status).toBe(200);
    const line = lines().find((l) => l.route === "/dashboard/profile");
    expect(line).toMatchObject({ status: 200, msg: "request" });
    expect((line as { userId?: string }).userId).toMatch(/\S/);
  });
});
