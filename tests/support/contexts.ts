import type { Actor } from "@server/context/actor";
import { actingContext, storeContext, type RequestContext } from "@server/context/request-context";
import type { Services } from "@server/services";
import type { Language } from "@shared/languages";
import type { TestContext } from "./test-app";

/**
 * The address a test's direct calls come from unless it names another: one of the addresses kept for
 * documentation (RFC 5737), so it is nobody's. The per-address limits count it as they count a client's.
 */
export const TEST_CLIENT_IP = "203.0.113.7";

/** The test store (its services), or the services of another copy of it. */
export type Store = Pick<TestContext, "services"> | Services;

export interface Calling {
  /** The client's address; `TEST_CLIENT_IP` when not named. */
  ip?: string;
  /** The language the request is answered in; English when not named. */
  language?: Language;
}

/**
 * The context a door would hand a use case for `actor`'s request (null: a visitor not signed in), on the test
 * store's services or on another copy's.
 */
export function as(store: Store, actor: Actor, { ip = TEST_CLIENT_IP, language = "en" }: Calling = {}): RequestContext {
  return actingContext(servicesOf(store), actor, ip, language);
}

/**
 * The context the order-expiry job runs with (server/jobs/order-expiry.ts): the store's own work, nobody signed in.
 * Built when called, so it reads the clock the services have then.
 */
export function expiryJob(store: Store): RequestContext {
  return storeContext(servicesOf(store), "order-expiry");
}

function servicesOf(store: Store): Services {
  return "services" in store ? store.services : store;
}
