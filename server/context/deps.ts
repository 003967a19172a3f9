import type { Language } from "@shared/languages";
import type { Services } from "../services";

/**
 * What the use cases work with: the database, the payment providers, the image store, the rate limits, the time,
 * and where the request came from. A door passes its services with the request's address.
 */
export type Deps = Pick<
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
> & {
  /** The address the request came from, for the limits per address; absent for calls from inside the store. */
  clientIp?: string;
  /** The language the request is answered in (shared/languages.ts `languageOf`); English when absent. */
  language?: Language;
};
