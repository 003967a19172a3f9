import { languageOf } from "@shared/languages";
import { mayCarrySession } from "../auth/session-carrier";
import { CART_COOKIE } from "../cart";
import type { VersionedCache } from "../cache/versioned-cache";
import { currentRequest } from "../log/request-context";

/** The public pages every signed-out visitor sees alike (in their language): home, blogs, portfolio, shop, a product. */
const SHARED_PAGE = /^\/(?:|blogs|myprotfolio|shop|detail\/[^/]+)$/;
/** Those whose query says what they show (the shop's search, filters and pages): kept once per full URL. */
const QUERY_PAGE = /^\/shop$/;
/** A longer query is rendered each time rather than kept: no key, nor the cache, grows with what a client sends. */
const MAX_KEPT_QUERY = 2048;

/** Builds the answer (the app passes Hono's c.newResponse, so that it carries the context's headers). */
export type Respond = (
  body: string | ReadableStream | null,
  init: Response | { status: 200; headers: [string, string][] },
) => Response;

export interface CachedPage {
  body: string;
  headers: [string, string][];
  /** The CSP nonce the page was rendered with; each visitor gets the page with their own. */
  nonce: string;
}

/**
 * A signed-out GET of a shared page, with no query or (the shop) a query of bounded length: its HTML depends only
 * on the URL, the language and the catalog. Signed out means that the session reader could find no session in it:
 * no Authorization header and no session cookie, however spelled (auth/session-carrier.ts); and no cart.
 */
export function isSharedPageRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (!SHARED_PAGE.test(url.pathname)) return false;
  if (url.search && (!QUERY_PAGE.test(url.pathname) || url.search.length > MAX_KEPT_QUERY)) return false;
  return !mayCarrySession(request.headers) && !hasCartCookie(request.headers);
}

/** A guest with a cart sees its count in the navbar: their pages are theirs. */
const hasCartCookie = (headers: Headers) => headers.get("cookie")?.includes(CART_COOKIE) ?? false;

/** Whether the session reader found a signed-in user in this request (auth/session.ts notes it in the request's scope). */
const readAsSignedIn = () => currentRequest()?.userId !== undefined;

/**
 * Serves a shared page from the cache, rendering it once per catalog change. Only a plain 200 that sets no
 * cookie and was rendered for nobody signed in is kept; anything else is answered as rendered.
 */
export async function sharedPage(
  cache: VersionedCache<CachedPage>,
  request: Request,
  nonce: string,
  render: () => Promise<Response>,
  respond: Respond = (body, init) => new Response(body, init),
): Promise<Response> {
  if (!isSharedPageRequest(request)) return render().then((res) => respond(res.body, res));
  let uncached: Response | null = null;
  const { pathname, search } = new URL(request.url);
  const page = await cache.get(`${languageOf(request)} ${pathname}${search}`, async () => {
    const res = await render();
    if (res.status !== 200 || res.headers.has("set-cookie")) {
      uncached = res;
      return null;
    }
    const body = await res.text();
    // Asked once the whole page is rendered: a page made while a session was read as someone's is theirs alone.
    if (readAsSignedIn()) {
      uncached = new Response(body, res);
      return null;
    }
    const headers = [...res.headers].filter(([name]) => name !== "content-length");
    return { body, headers, nonce };
  });
  if (!page) {
    const res = uncached ?? (await render());
    return respond(res.body, res);
  }
  const body = page.nonce && nonce ? page.body.replaceAll(page.nonce, nonce) : page.body;
  return respond(body, { status: 200, headers: page.headers });
}
