import { parseCookies } from "better-call";
import { languageOf, type Language } from "@shared/languages";
import { getCurrentSession, type CurrentSession } from "../auth/session";
import type { Services } from "../services";
import type { Actor } from "./actor";

type Look = () => Promise<CurrentSession | null>;

/**
 * What every use case is called with: the store's services, the address the request came from, the language it is
 * answered in, and who asks. Only this module makes one (`contextOf` for a request, `storeContext` for the store's
 * own scheduled work, `actingContext` for a known actor), each with an address, so no door can call a use case
 * without the address its per-address limits count. Making one costs three fields: the language and the session
 * are read on first ask, which a cached public read never makes.
 */
export class RequestContext {
  readonly #services: Services;
  readonly #request: Request | null;
  readonly #look: Look;
  #language: Language | undefined;
  #session: Promise<CurrentSession | null> | undefined;
  #cookiesOut: string[] | undefined;

  /** The client's address (behind TRUST_PROXY proxies, theirs), or `store:<job>` for the store's own work. */
  readonly clientIp: string;

  private constructor(services: Services, clientIp: string, request: Request | null, look: Look, language?: Language) {
    this.#services = services;
    this.clientIp = clientIp;
    this.#request = request;
    this.#look = look;
    this.#language = language;
  }

  /** @internal Only this module's functions below make contexts. */
  static make(services: Services, clientIp: string, request: Request | null, look: Look, language?: Language) {
    return new RequestContext(services, clientIp, request, look, language);
  }

  get db() {
    return this.#services.db;
  }
  get payments() {
    return this.#services.payments;
  }
  get gateway() {
    return this.#services.gateway;
  }
  get couriers() {
    return this.#services.couriers;
  }
  get images() {
    return this.#services.images;
  }
  get limits() {
    return this.#services.limits;
  }
  get maxOpenOrders() {
    return this.#services.maxOpenOrders;
  }
  get holdMinutes() {
    return this.#services.holdMinutes;
  }
  get codConfirmHours() {
    return this.#services.codConfirmHours;
  }
  get phoneCodes() {
    return this.#services.phoneCodes;
  }
  get now() {
    return this.#services.now;
  }
  get mushakRate() {
    return this.#services.mushakRate;
  }
  get catalogVersion() {
    return this.#services.catalogVersion;
  }
  get zonesVersion() {
    return this.#services.zonesVersion;
  }
  get auth() {
    return this.#services.auth;
  }
  get sessions() {
    return this.#services.sessions;
  }
  get cartDays() {
    return this.#services.cartDays;
  }
  get secureCookies() {
    return this.#services.secureCookies;
  }

  /**
   * A cookie of the request by name (as Better Auth's reader splits the header), or null; none for the store's work.
   * One this request's answer sets (a guest's first cart) is read as the browser's next request will send it, so the
   * page drawn after a form's post (the cart, the navbar's count) shows what the post made.
   */
  cookie(name: string): string | null {
    const set = this.#cookiesOut?.findLast((c) => c.startsWith(`${name}=`));
    if (set !== undefined) return set.slice(name.length + 1).split(";", 1)[0] || null;
    const header = this.#request?.headers.get("cookie");
    return header ? (parseCookies(header).get(name) ?? null) : null;
  }

  /** A `Set-Cookie` value the answer to this request carries, whichever door answers it. */
  setCookie(value: string): void {
    (this.#cookiesOut ??= []).push(value);
  }

  /** The `Set-Cookie` values use cases asked for. */
  get cookiesOut(): readonly string[] {
    return this.#cookiesOut ?? [];
  }

  /** The language the request is answered in (its cookie, else Accept-Language); English for the store's own work. */
  get language(): Language {
    return (this.#language ??= this.#request ? languageOf(this.#request) : "en");
  }

  /** The whole session (its token too), looked up once, on first ask. */
  session(): Promise<CurrentSession | null> {
    return (this.#session ??= this.#look());
  }

  /** The signed-in user behind the session cookie or bearer token, looked up once, on first ask. */
  async actor(): Promise<Actor> {
    return (await this.session())?.user ?? null;
  }
}

/** The context of one request: the API's middleware makes it once, and pages get the same one. */
export function contextOf(services: Services, request: Request, clientIp: string): RequestContext {
  return RequestContext.make(services, clientIp, request, () =>
    getCurrentSession(services.auth, request.headers, services.sessions),
  );
}

/** The context of the store's own work (a scheduled job): nobody signed in, the address `store:<job>`. */
export function storeContext(services: Services, job: string, language: Language = "en"): RequestContext {
  return RequestContext.make(services, `store:${job}`, null, async () => null, language);
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
  return RequestContext.make(services, clientIp, null, async () => session, language);
}
