import { LANGUAGE_COOKIE } from "@shared/languages";
import { beforeAll } from "vitest";
import type { ServerBuild } from "react-router";
import { createApp } from "@server/app";
import type { TestAccount } from "./accounts";
import { TEST_ORIGIN, useTestApp, type TestContext } from "./test-app";
import { pageVite } from "./page-vite";

export interface PageContext extends TestContext {
  /**
   * Posts a form the way a browser without JavaScript submits it: a document POST,
   * `application/x-www-form-urlencoded`, from the store's own origin, with `as`'s session cookie.
   * A field given a list is sent once per value, in order.
   */
  postForm(path: string, fields: Record<string, string | string[]>, as?: TestAccount): Promise<Response>;
  /** The pages' server build, from source: for an app of a test's own (a production one, with the page cache). */
  build(): Promise<ServerBuild>;
}

/**
 * `useTestApp` (one database and one set of services per test file, PGlite or DATABASE_URL) with the pages too:
 * the route modules are loaded from source through Vite in middleware mode, as `npm run dev` does, so no build
 * is needed and the pages are the code on disk. Loading them takes a second or two before the file's tests; a
 * post then costs what it costs `npm run dev` (tens of milliseconds).
 */
export function usePageApp(env: Record<string, string> | (() => Record<string, string>) = {}): PageContext {
  const base = useTestApp(env);
  const ctx = {} as PageContext;
  // Registered after useTestApp's hook, so it runs after it: the database and the services exist.
  beforeAll(async () => {
    const vite = await pageVite();
    const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    // As `npm run dev` serves them: without the production build's CSP and shared page cache, which no action uses.
    const app = createApp({ services: base.services, ssr: { build, mode: "development" } });
    // At the store's own address, as a browser asks: React Router refuses an action whose Origin is not the URL's.
    const request = async (p: string, init?: RequestInit) =>
      app.request(p.startsWith("/") ? `${TEST_ORIGIN}${p}` : p, init);
    Object.assign(ctx, {
      database: base.database,
      services: base.services,
      outboxDir: base.outboxDir,
      app,
      request,
      postForm: (p: string, fields: Record<string, string | string[]>, as?: TestAccount) =>
        request(p, formPost(fields, as)),
      build,
    } satisfies PageContext);
  });
  return ctx;
}

/** A browser's form submission without JavaScript: what `<form method="post">` sends. */
export function formPost(fields: Record<string, string | string[]>, as?: TestAccount): RequestInit {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of typeof value === "string" ? [value] : value) body.append(name, one);
  }
  return formInit(body.toString(), as);
}

/** The request of a form post whose body is already encoded (the fuzz writes malformed encodings itself). */
export function formInit(body: string, as?: TestAccount): RequestInit {
  const headers: Record<string, string> = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: TEST_ORIGIN,
    Accept: "text/html",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "same-origin",
  };
  if (as) headers.Cookie = as.cookie;
  return { method: "POST", headers, body, redirect: "manual" };
}

/** What a browser without JavaScript sends for a page: the session's cookie (if any) and the language chosen. */
export function browserHeaders(as?: TestAccount | null, language?: "bn"): Record<string, string> {
  const headers: Record<string, string> = {
    Origin: TEST_ORIGIN,
    Accept: "text/html",
    "Sec-Fetch-Mode": "navigate",
    "Sec-Fetch-Site": "same-origin",
  };
  const cookies = [as?.cookie, language ? `${LANGUAGE_COOKIE}=${language}` : undefined].filter(Boolean);
  if (cookies.length > 0) headers.Cookie = cookies.join("; ");
  return headers;
}
