import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { formPost, usePageApp } from "../support/page-app";
import { TEST_ORIGIN } from "../support/test-app";

const KB = 1024;
const MB = 1024 * KB;
const DEFAULT_LIMIT = 64 * KB;
const PRODUCT_LIMIT = 192 * KB;
const UPLOAD_LIMIT = 5 * MB + 64 * KB;
const TOO_LARGE = { code: "request.too_large", message: "The request is too large." };
const SHEET_LIMIT = 10 * MB;
const SHEET_TOO_LARGE = { code: "sheet.too_large", message: "A catalog file can be at most 10 MB; split it" };
const IMAGE_TOO_LARGE = {
  code: "upload.too_large",
  message: "The image is larger than 5 MB. Please choose a smaller file.",
};

/** A body that counts what is pulled from it, and is pulled only as it is read (no read-ahead). */
function countedStream(total: number, chunk = 16 * KB) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.bytes >= total) return controller.close();
        const size = Math.min(chunk, total - pulled.bytes);
        pulled.bytes += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled };
}

type Who = "customer" | "admin" | null;

interface RouteClass {
  name: string;
  path: string;
  who: Who;
  contentType: string;
  limit: number;
  refusal: typeof TOO_LARGE;
}

/** One route of each kind, with the limit it is held to. */
const ROUTES: RouteClass[] = [
  {
    name: "an API call (JSON)",
    path: "/api/review",
    who: "customer",
    contentType: "application/json",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "Better Auth",
    path: "/api/auth/sign-in/email",
    who: null,
    contentType: "application/json",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "a card provider's webhook",
    path: "/api/payments/test/webhook",
    who: null,
    contentType: "application/json",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "the gateway's IPN",
    path: "/api/payments/sslcommerz/ipn",
    who: null,
    contentType: "application/x-www-form-urlencoded",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "the gateway's return",
    path: "/api/payments/sslcommerz/return",
    who: null,
    contentType: "application/x-www-form-urlencoded",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "a page action",
    path: "/dashboard/reviews",
    who: "customer",
    contentType: "application/x-www-form-urlencoded",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "a page action's data request",
    path: "/dashboard/reviews.data",
    who: "customer",
    contentType: "application/x-www-form-urlencoded",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "the sign-in page",
    path: "/login",
    who: null,
    contentType: "application/x-www-form-urlencoded",
    limit: DEFAULT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "the product API",
    path: "/api/product",
    who: "admin",
    contentType: "application/json",
    limit: PRODUCT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "Add Product",
    path: "/dashboard/addproduct",
    who: "admin",
    contentType: "application/x-www-form-urlencoded",
    limit: PRODUCT_LIMIT,
    refusal: TOO_LARGE,
  },
  {
    name: "an image upload",
    path: "/api/uploads",
    who: "admin",
    contentType: "multipart/form-data; boundary=x",
    limit: UPLOAD_LIMIT,
    refusal: IMAGE_TOO_LARGE,
  },
  {
    name: "a catalog file (CSV)",
    path: "/api/products.csv?dryRun=true",
    who: "admin",
    contentType: "text/csv",
    limit: SHEET_LIMIT,
    refusal: SHEET_TOO_LARGE,
  },
  {
    name: "the spreadsheet page",
    path: "/dashboard/spreadsheet",
    who: "admin",
    contentType: "multipart/form-data; boundary=x",
    limit: SHEET_LIMIT,
    refusal: SHEET_TOO_LARGE,
  },
];

describe("request bodies are held to their route's limit", () => {
  const t = usePageApp();
  const accounts = {} as Record<Exclude<Who, null>, TestAccount>;

  beforeAll(async () => {
    accounts.customer = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });

  const headersOf = (route: RouteClass, extra: Record<string, string> = {}) => ({
    "Content-Type": route.contentType,
    Origin: TEST_ORIGIN,
    ...(route.who ? { Cookie: accounts[route.who].cookie } : {}),
    ...extra,
  });

  describe.each(ROUTES)("$name ($path)", (route) => {
    it("refuses a Content-Length over the limit before reading a byte", async () => {
      const { stream, pulled } = countedStream(route.limit + 1);
      const res = await t.request(route.path, {
        method: "POST",
        headers: headersOf(route, { "Content-Length": String(route.limit + 1) }),
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(route.refusal);
      expect(pulled.bytes).toBe(0);
    });

    it("cuts off a streamed body at the limit, without reading the rest", async () => {
      const total = route.limit * 4;
      const { stream, pulled } = countedStream(total);
      const res = await t.request(route.path, {
        method: "POST",
        headers: headersOf(route),
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(route.refusal);
      expect(pulled.bytes).toBeGreaterThan(route.limit);
      expect(pulled.bytes).toBeLessThanOrEqual(route.limit + 32 * KB);
    });

    it("reads a body of exactly the limit, streamed, and answers it as the route does", async () => {
      const { stream, pulled } = countedStream(route.limit);
      const res = await t.request(route.path, {
        method: "POST",
        headers: headersOf(route),
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(res.status).not.toBe(413);
      expect(pulled.bytes).toBe(route.limit);
    });
  });

  it("reads nothing of a stranger's upload before refusing it", async () => {
    const { stream, pulled } = countedStream(UPLOAD_LIMIT * 2);
    const res = await t.request("/api/uploads", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Origin: TEST_ORIGIN },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(401);
    expect(pulled.bytes).toBe(0);
  });

  it.each([
    ["a stranger", null],
    ["a customer", "customer"],
  ] as const)("reads nothing of %s's catalog file before refusing it", async (_, who) => {
    const { stream, pulled } = countedStream(SHEET_LIMIT * 2);
    const res = await t.request("/api/products.csv?dryRun=true", {
      method: "POST",
      headers: { "Content-Type": "text/csv", Origin: TEST_ORIGIN, ...(who ? { Cookie: accounts[who].cookie } : {}) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(who ? 403 : 401);
    expect(pulled.bytes).toBe(0);
  });

  it("takes an image of exactly 5 MB to be judged as an image, and refuses one byte more as too large", async () => {
    const post = (bytes: number) => {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "photo.png");
      return t.request("/api/uploads", { method: "POST", body: form, headers: { Cookie: accounts.admin.cookie } });
    };
    const exactly = await post(5 * MB);
    expect(exactly.status).toBe(400);
    expect(((await exactly.json()) as { code: string }).code).toBe("upload.not_an_image");
    const over = await post(5 * MB + 1);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual(IMAGE_TOO_LARGE);
  });

  it("saves a product whose descriptions (English and Bangla) and details are 5000 Bangla letters each, over the default limit", async () => {
    const long = "কাঠ".repeat(1667).slice(0, 5000);
    const name = `Long Text Saw ${Date.now()}`;
    const init = formPost(
      {
        name,
        price: "950",
        availability: "40",
        minimumQuantity: "20",
        description: long,
        details: long,
        nameBn: "কাঠ".repeat(67).slice(0, 200),
        descriptionBn: long,
        image: "/images/products/marking-gauge.svg",
      },
      accounts.admin,
    );
    expect(new TextEncoder().encode(String(init.body)).length).toBeGreaterThan(128 * KB);
    const res = await t.request("/dashboard/addproduct", init);
    expect(res.status).toBe(200);
    const [saved] = await t.database.db.select().from(product).where(eq(product.name, name));
    expect(saved?.description).toBe(long);
    expect(saved?.descriptionBn).toBe(long);
  });

  it("keeps none of the handler's headers on the refusal (no cookie from a sign-in cut short)", async () => {
    const { stream } = countedStream(DEFAULT_LIMIT * 2);
    const res = await t.request("/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  describe("over a real connection", () => {
    let server: Server;
    let port: number;

    beforeAll(async () => {
      server = createServer(getRequestListener(t.app.fetch));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    /**
     * Posts to the sign-in call, writing 16 KB at a time as fast as the server takes it, until the answer comes
     * or `total` bytes have gone; the status and how much was written.
     */
    function postUntilAnswered(headers: Record<string, string>, total: number) {
      return new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
        let written = 0;
        let answered = false;
        const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/api/auth/sign-in/email", headers });
        req.on("response", (res) => {
          answered = true;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => {
            req.destroy();
            resolve({ status: res.statusCode!, body, written });
          });
        });
        req.on("error", (err) => {
          if (!answered) reject(err);
        });
        const chunk = Buffer.alloc(16 * KB, 0x61);
        const write = () => {
          while (!answered && written < total) {
            written += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", write);
          }
        };
        write();
      });
    }

    it("answers a Content-Length of 1 GB with 413 as soon as the headers arrive", async () => {
      const { status, body, written } = await postUntilAnswered(
        { "Content-Type": "application/json", "Content-Length": String(1024 * MB) },
        1024 * MB,
      );
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual(TOO_LARGE);
      expect(written).toBeLessThan(64 * MB);
    });

    it("answers a chunked body of 1 GB with 413 once it passes the limit", async () => {
      const { status, body, written } = await postUntilAnswered(
        { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
        1024 * MB,
      );
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual(TOO_LARGE);
      expect(written).toBeLessThan(64 * MB);
    });
  });
});
