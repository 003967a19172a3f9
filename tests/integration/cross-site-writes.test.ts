import { readFileSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { profile, review } from "@server/db/schema";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { sheetText, stockTakeRows } from "../support/catalog-csv";
import { changedTables, fingerprint } from "../support/fingerprint";
import { honoToTemplate } from "../support/openapi-calls";
import { makeProduct } from "../support/orders";
import { formPost, usePageApp } from "../support/page-app";
import { TEST_ORIGIN } from "../support/test-app";

const EVIL = "https://evil.example";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The payment providers' own calls: proven by the provider, never by a session, so open to other sites. */
const PROVIDER_CALL = /^\/api\/payments\/[^/]+\/(?:webhook|ipn|return|confirm)$/;

/** Every page whose route has an action (app/routes.ts), with its path's parameters filled in. */
function pageActions(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const source = readFileSync(new URL(`../../app/${entry.file}`, import.meta.url), "utf8");
    const own = entry.path !== "*" && /export (?:async )?(?:function|const) action\b/.test(source) ? [path || "/"] : [];
    return [...own, ...pageActions(entry.children ?? [], path)];
  });
}

const REFUSED = { code: "request.cross_site", message: "This request came from another site and was refused." };

/** The same write in each body a browser can send across sites without asking first, and as JSON. */
const BODIES: [type: string, contentType: string, body: (fields: Record<string, string>) => string][] = [
  ["JSON", "application/json", (f) => JSON.stringify(f)],
  ["plain text", "text/plain", (f) => JSON.stringify(f)],
  ["a form", "application/x-www-form-urlencoded", (f) => new URLSearchParams(f).toString()],
];

/** Who sent it: the headers a browser adds on its own for a page of another site, or of the store. */
const ANOTHER_SITE: [how: string, headers: Record<string, string>][] = [
  ["Origin of another site", { Origin: EVIL }],
  ["Origin null (a sandboxed frame, a redirect across sites)", { Origin: "null" }],
  ["Origin of the store on another port", { Origin: "http://127.0.0.1:3001" }],
  ["Sec-Fetch-Site: cross-site and no Origin", { "Sec-Fetch-Site": "cross-site" }],
  ["Sec-Fetch-Site: same-site and no Origin", { "Sec-Fetch-Site": "same-site" }],
];

describe("writes another site's page makes a browser send", () => {
  const t = usePageApp();
  let customer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    customer = await signUp(t);
    admin = await signUpAdmin(t);
  });

  const locationOf = async (who: TestAccount) => {
    const user = await findUserByEmail(t.database.db, who.email);
    const [row] = await t.database.db.select().from(profile).where(eq(profile.userId, user!.id));
    return row?.location;
  };

  const reviewsBy = async (who: TestAccount) => {
    const user = await findUserByEmail(t.database.db, who.email);
    return (await t.database.db.select().from(review).where(eq(review.userId, user!.id))).length;
  };

  describe.each(BODIES)("as %s", (_, contentType, encode) => {
    it.each(ANOTHER_SITE)("refuses a cookie-carrying write with %s, and changes nothing", async (_how, headers) => {
      const before = await locationOf(customer);
      const res = await t.request(`/api/profile/${customer.email}`, {
        method: "PUT",
        headers: { Cookie: customer.cookie, "Content-Type": contentType, ...headers },
        body: encode({ location: "Hacked" }),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(REFUSED);
      expect(await locationOf(customer)).toBe(before);
    });

    it("refuses a cookie-carrying review from another site", async () => {
      const res = await t.request("/api/review", {
        method: "POST",
        headers: { Cookie: customer.cookie, "Content-Type": contentType, Origin: EVIL },
        body: encode({ rating: "5", comment: "Posted by another site" }),
      });
      expect(res.status).toBe(403);
      expect(await reviewsBy(customer)).toBe(0);
    });
  });

  // A form with enctype="text/plain" sends its text unasked, and the import reads its file whatever the media type.
  it.each(["text/plain", "text/csv"])(
    "refuses a cookie-carrying catalog import sent as %s from another site, and imports nothing",
    async (contentType) => {
      const { id } = await makeProduct(t, { availability: 200 });
      const before = await fingerprint(t.database);
      const res = await t.request("/api/products.csv?dryRun=false", {
        method: "POST",
        headers: { Cookie: admin.cookie, "Content-Type": contentType, Origin: EVIL },
        body: sheetText(stockTakeRows(id, 0)),
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(REFUSED);
      expect(changedTables(before, await fingerprint(t.database))).toEqual([]);
    },
  );

  it.each(["DELETE", "PATCH", "PUT"])("refuses %s with a cookie from another site", async (method) => {
    const { id } = await makeProduct(t);
    const res = await t.request(`/api/product/${id}`, {
      method,
      headers: { Cookie: admin.cookie, Origin: EVIL, "Content-Type": "application/json" },
      body: JSON.stringify({ Availability: 0 }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
    expect((await t.request(`/api/product/${id}`)).status).toBe(200);
  });

  it("refuses a write that carries a cookie and a bearer token from another site", async () => {
    const res = await t.request(`/api/profile/${customer.email}`, {
      method: "PUT",
      headers: { Cookie: customer.cookie, ...asBearer(customer), Origin: EVIL, "Content-Type": "application/json" },
      body: JSON.stringify({ location: "Hacked" }),
    });
    expect(res.status).toBe(403);
  });

  it.each([
    ["its own Origin", { Origin: TEST_ORIGIN }],
    ["Sec-Fetch-Site: same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed into the address bar)", { "Sec-Fetch-Site": "none" }],
    ["neither header (not a browser)", {}],
  ])("takes a cookie-carrying write from the store's own page: %s", async (_, headers) => {
    const location = `Gazipur ${Math.random()}`;
    const res = await t.request(`/api/profile/${customer.email}`, {
      method: "PUT",
      headers: { Cookie: customer.cookie, "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ location }),
    });
    expect(res.status).toBe(200);
    expect(await locationOf(customer)).toBe(location);
  });

  it("takes a bearer-token call with no cookie from another site's script", async () => {
    const author = await signUp(t);
    const res = await t.request("/api/review", {
      method: "POST",
      headers: {
        ...asBearer(author),
        Origin: EVIL,
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ rating: 4, comment: "Sent from a client on another origin" }),
    });
    expect(res.status).toBe(200);
    expect(await reviewsBy(author)).toBe(1);
  });

  it("lets an API call with no credentials through to be answered as a stranger's", async () => {
    const res = await t.request("/api/review", {
      method: "POST",
      headers: { Origin: EVIL, "Content-Type": "application/json" },
      body: JSON.stringify({ rating: 4, comment: "Nobody" }),
    });
    expect(res.status).toBe(401);
  });

  it("refuses a cookie-carrying sign-out from another site, and the session lives on", async () => {
    const visitor = await signUp(t);
    const res = await t.request("/api/auth/sign-out", {
      method: "POST",
      headers: { Cookie: visitor.cookie, Origin: EVIL, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
    expect((await t.request("/dashboard/profile", { headers: { Cookie: visitor.cookie } })).status).toBe(200);
  });

  it.each([
    ["JSON", "application/json", JSON.stringify({ email: "x@example.test", password: "sawdust-42" })],
    ["a form", "application/x-www-form-urlencoded", "email=x%40example.test&password=sawdust-42"],
  ])("refuses a sign-in sent as %s from another site even without a cookie", async (_, contentType, body) => {
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { Origin: EVIL, "Content-Type": contentType },
      body,
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    "/api/auth/sign-in/email",
    "/api//auth/sign-in/email",
    "/api/%61uth/sign-in/email",
    "/api/auth//sign-in/email",
  ])("signs nobody in from another site at %s", async (path) => {
    const res = await t.request(path, {
      method: "POST",
      headers: { Origin: EVIL, "Content-Type": "application/json" },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(res.status).not.toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a page action posted with the visitor's cookie from another site", async () => {
    const visitor = await signUp(t);
    const init = formPost({ rating: "5", comment: "Posted by another site" }, visitor);
    const res = await t.request("/dashboard/reviews", {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(REFUSED);
    expect(await reviewsBy(visitor)).toBe(0);
  });

  it("refuses the sign-in page's form posted from another site, which would sign the visitor in", async () => {
    const init = formPost({ email: customer.email, password: customer.password });
    const res = await t.request("/login", {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("takes the same page action from the store's own page", async () => {
    const visitor = await signUp(t);
    const res = await t.postForm("/dashboard/reviews", { rating: "5", comment: "Sharp and true." }, visitor);
    expect(res.status).toBe(200);
    expect(await reviewsBy(visitor)).toBe(1);
  });

  it.each(["webhook", "ipn", "return", "confirm"])(
    "leaves the payment providers' own %s call to the provider's proof, wherever it comes from",
    async (call) => {
      const provider = call === "webhook" || call === "confirm" ? "test" : "sslcommerz";
      const res = await t.request(`/api/payments/${provider}/${call}`, {
        method: "POST",
        headers: { Cookie: customer.cookie, Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded" },
        body: "val_id=x",
      });
      expect(res.status).not.toBe(403);
    },
  );
  describe("every write the store answers, sent with an admin's cookie from another site's page", () => {
    const fill = (template: string) =>
      template
        .replace("{email}", encodeURIComponent(admin.email))
        .replace("{provider}", "test")
        .replace(/\{\w+\}/g, crypto.randomUUID());

    it("covers every API write the router answers, Better Auth's too: 403, and no row changes", async () => {
      // The app's own route list: every write the API router answers, whatever the OpenAPI description says.
      const routes = t.app.routes.filter((r) => WRITES.has(r.method) && r.path.startsWith("/api/"));
      expect(routes.length).toBeGreaterThan(15);
      const paths = [
        ...routes.map((r) => [r.method, fill(honoToTemplate(r.path))] as const),
        ...["sign-out", "sign-in/email", "sign-up/email", "update-user", "change-password", "delete-user"].map(
          (call) => ["POST", `/api/auth/${call}`] as const,
        ),
      ].filter(([, path]) => !path.includes("*"));
      for (const [method, path] of paths) {
        const before = await fingerprint(t.database);
        const res = await t.request(path, {
          method,
          headers: { Cookie: admin.cookie, Origin: EVIL, "Content-Type": "application/json" },
          body: "{}",
        });
        if (PROVIDER_CALL.test(path)) {
          expect(res.status, `${method} ${path}`).not.toBe(403);
          continue;
        }
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json(), `${method} ${path}`).toEqual(REFUSED);
        expect(changedTables(before, await fingerprint(t.database)), `${method} ${path}`).toEqual([]);
      }
    });

    it("covers every page action (app/routes.ts): 403, and no row changes", async () => {
      const pages = pageActions(routeConfig as RouteConfigEntry[]);
      expect(pages.length).toBeGreaterThan(12);
      for (const page of pages.map(fill)) {
        const before = await fingerprint(t.database);
        const res = await t.request(page, {
          method: "POST",
          headers: {
            Cookie: admin.cookie,
            Origin: EVIL,
            "Sec-Fetch-Site": "cross-site",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "intent=delete&email=x%40example.test",
          redirect: "manual",
        });
        expect(res.status, page).toBe(403);
        expect(changedTables(before, await fingerprint(t.database)), page).toEqual([]);
      }
    });
  });
});
