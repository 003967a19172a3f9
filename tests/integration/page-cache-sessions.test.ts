import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { createServices } from "@server/services";
import { jsonInit, signUp } from "../support/accounts";
import { catalogSettled } from "../support/catalog-feed";
import { makeProduct } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { TEST_ORIGIN, testConfig } from "../support/test-app";
import { useTempDirs } from "../support/temp-dirs";

/**
 * What only a signed-in visitor's page carries: the Log Out form. Neither page has hydration data that would name
 * them (the home page ships no script; the product page, islands only: decision 0041).
 */
const signedIn = (html: string) => html.includes('action="/logout"');

/**
 * The attack on the live store: a first visit after a catalog change, signed in with a spelling of the session
 * cookie the page cache did not recognise, made the cache keep the signed-in page and serve it to everyone. However
 * the session is sent, the next signed-out visitor must get the signed-out page.
 */
describe("the shared page cache and a session, however it is sent", () => {
  const t = usePageApp();
  const NAME = "Alice Cachepoison";
  let serve: (url: string, headers?: Record<string, string>) => Promise<string>;
  let pages: string[];
  let cookie = "";
  let token = "";

  beforeAll(async () => {
    const { id } = await makeProduct(t, { name: "Poison-Proof Plane" });
    pages = [`/detail/${id}`, "/"];
    const alice = await signUp(t, { name: NAME });
    cookie = alice.cookie.slice("randa.session_token=".length);
    token = alice.token;
    const app = createApp({ services: t.services, ssr: { build: t.build, mode: "production" } });
    serve = async (url, headers = {}) => {
      const res = await app.request(url.startsWith("/") ? `${TEST_ORIGIN}${url}` : url, { headers });
      const html = await res.text();
      expect(res.status, html.slice(0, 300)).toBe(200);
      return html;
    };
    await catalogSettled(t.services.catalogVersion);
  });

  it("keeps a signed-out visitor's page in this app (else the cases below would prove nothing)", async () => {
    const [detail] = pages;
    t.services.catalogVersion.bump();
    expect(await serve(detail!)).toContain("Poison-Proof Plane");
    // A change nobody announces: the kept copy goes on being served.
    await t.database.db.execute(sql`alter table product disable trigger product_catalog_changed`);
    try {
      await t.database.db.execute(sql`update product set name = 'Renamed Plane' where name = 'Poison-Proof Plane'`);
      expect(await serve(detail!)).toContain("Poison-Proof Plane");
      await t.database.db.execute(sql`update product set name = 'Poison-Proof Plane' where name = 'Renamed Plane'`);
    } finally {
      await t.database.db.execute(sql`alter table product enable trigger product_catalog_changed`);
    }
    t.services.catalogVersion.bump();
  });

  // [how it is sent, the request's headers, whether Better Auth reads it as Alice's session]
  const spellings: [string, () => Record<string, string>, boolean][] = [
    ["the cookie as a browser sends it", () => ({ Cookie: `randa.session_token=${cookie}` }), true],
    ["a space before =", () => ({ Cookie: `randa.session_token =${cookie}` }), true],
    ["a tab before =", () => ({ Cookie: `randa.session_token\t=${cookie}` }), true],
    [
      "spaces and tabs around the name and the value, after another cookie",
      () => ({ Cookie: `randa.lang=en;\t randa.session_token \t= \t${cookie} ;` }),
      true,
    ],
    ["a no-break space before the name", () => ({ Cookie: `a=b;\u00a0randa.session_token=${cookie}` }), true],
    ["the value in quotes", () => ({ Cookie: `randa.session_token="${cookie}"` }), true],
    ["the name in capitals", () => ({ Cookie: `RANDA.SESSION_TOKEN=${cookie}` }), false],
    ["twice, the session first", () => ({ Cookie: `randa.session_token=${cookie}; randa.session_token=x` }), true],
    ["twice, the session second", () => ({ Cookie: `randa.session_token=x; randa.session_token=${cookie}` }), false],
    [
      "with the __Secure- prefix (an http store reads none)",
      () => ({ Cookie: `__Secure-randa.session_token=${cookie}` }),
      false,
    ],
    ["as a bearer token", () => ({ Authorization: `Bearer ${token}` }), true],
    ["as a bearer token, the scheme in lower case", () => ({ authorization: `bearer ${token}` }), true],
    ["in Bangla, a tab before =", () => ({ Cookie: `randa.lang=bn; randa.session_token\t=${cookie}` }), true],
  ];

  it.each(spellings)(
    "a first visit with the session sent %s leaves the next visitor signed out",
    async (_, headers, reads) => {
      for (const page of pages) {
        t.services.catalogVersion.bump();
        const theirs = await serve(page, headers());
        // The spelling does (or does not) sign Alice in: the case tests what it says it tests.
        expect(signedIn(theirs)).toBe(reads);
        const visitors: Record<string, string>[] = [{}, { Cookie: "randa.lang=bn" }, { "Accept-Language": "en" }];
        for (const visitor of visitors) {
          const next = await serve(page, visitor);
          expect(signedIn(next)).toBe(false);
          expect(next).not.toContain(NAME);
          expect(next).toContain('href="/login"');
        }
      }
    },
  );

  describe("on an https store (the cookie is __Secure-randa.session_token)", () => {
    const BASE = "https://randa.example";
    let secure: typeof serve;
    let secureCookie = "";
    let bump = () => {};
    const dataDir = useTempDirs()("randa-test-");

    beforeAll(async () => {
      const services = createServices(t.database, testConfig(dataDir, { BASE_URL: BASE }));
      const app = createApp({ services, ssr: { build: t.build, mode: "production" } });
      const res = await app.request(
        `${BASE}/api/auth/sign-up/email`,
        jsonInit(
          "POST",
          { name: NAME, email: `alice-${Date.now()}@example.test`, password: "sawdust-42" },
          { Origin: BASE },
        ),
      );
      expect(res.status).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.startsWith("__Secure-randa.session_token="));
      secureCookie = set!.split(";")[0]!.slice("__Secure-randa.session_token=".length);
      secure = async (url, headers = {}) => {
        const answer = await app.request(`${BASE}${url}`, { headers });
        expect(answer.status).toBe(200);
        return answer.text();
      };
      bump = () => services.catalogVersion.bump();
      await catalogSettled(services.catalogVersion);
    });

    it.each([
      ["as the browser sends it", () => `__Secure-randa.session_token=${secureCookie}`, true],
      ["a tab before =", () => `__Secure-randa.session_token\t=${secureCookie}`, true],
      ["the prefix in lower case", () => `__secure-randa.session_token=${secureCookie}`, false],
      ["without the prefix", () => `randa.session_token=${secureCookie}`, false],
    ] as const)("a first visit with the cookie sent %s leaves the next visitor signed out", async (_, value, reads) => {
      for (const page of pages) {
        bump();
        const theirs = await secure(page, { Cookie: value() });
        expect(signedIn(theirs)).toBe(reads);
        const next = await secure(page);
        expect(signedIn(next)).toBe(false);
        expect(next).not.toContain(NAME);
      }
    });
  });
});
