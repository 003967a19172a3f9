import { languageOf, type Language } from "@shared/languages";
import { getCurrentSession, type CurrentSession } from "../auth/session";
import type { Services } from "../services";
import type { Actor } from "./actor";

declare const built: unique symbol;

/**
 * What every use case is called with: the store's services, the address the request came from, the language it is
 * answered in, and who asks. Only this module builds one (`contextOf` for a request, `storeContext` for the store's
 * own scheduled work), so no door can call a use case without the address its per-address limits count.
 */
export interface RequestContext extends Pick<
  Services,
  | "db"
  | "payments"
  | "gateway"
  | "images"
  | "limits"
  | "maxOpenOrders"
  | "holdMinutes"
  | "codConfirmHours"
  | "now"
  | "catalogVersion"
  | "auth"
> {
  /** The client's address (behind TRUST_PROXY proxies, theirs), or `store:<job>` for the store's own work. */
  readonly clientIp: string;
  readonly language: Language;
  /** The signed-in user behind the session cookie or bearer token, looked up once, on first ask. */
  actor(): Promise<Actor>;
  /** The whole session (its token too), looked up once with the actor. */
  session(): Promise<CurrentSession | null>;
  readonly [built]: true;
}

const contexts = new WeakMap<Request, RequestContext>();

function make(
  services: Services,
  fields: { clientIp: string; language: Language },
  look: () => Promise<CurrentSession | null>,
) {
  let session: Promise<CurrentSession | null> | undefined;
  const sessionOnce = () => (session ??= look());
  return {
    db: services.db,
    payments: services.payments,
    gateway: services.gateway,
    images: services.images,
    limits: services.limits,
    maxOpenOrders: services.maxOpenOrders,
    holdMinutes: services.holdMinutes,
    codConfirmHours: services.codConfirmHours,
    now: services.now,
    catalogVersion: services.catalogVersion,
    auth: services.auth,
    ...fields,
    session: sessionOnce,
    actor: async () => (await sessionOnce())?.user ?? null,
  } as RequestContext;
}

/**
 * The context of one request, built once whichever door asks (the API's middleware or a page's loader): the same
 * `Request` always answers the same context, so its session is read once.
 */
export function contextOf(services: Services, request: Request, clientIp: string): RequestContext {
  let context = contexts.get(request);
  if (!context) {
    context = make(services, { clientIp, language: languageOf(request) }, () =>
      getCurrentSession(services.auth, request.headers),
    );
    contexts.set(request, context);
  }
  return context;
}

/** The context of the store's own work (a scheduled job, an admin command): nobody signed in, no client. */
export function storeContext(services: Services, job: string, language: Language = "en"): RequestContext {
  return make(services, { clientIp: `store:${job}`, language }, async () => null);
}

/**
 * A context whose actor is already known, for the tests that call use cases directly (and any tool acting as a known
 * user): the address is still required, so the per-address limits count as they do for a request.
 */
export function actingContext(
  services: Services,
  actor: Actor,
  clientIp: string,
  language: Language = "en",
): RequestContext {
  const session = actor ? { user: actor, token: "" } : null;
  return make(services, { clientIp, language }, async () => session);
}
