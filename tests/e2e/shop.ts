import { request, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL } from "./accounts";

/** The demo product with this name, as the store's API lists it. */
export async function productNamed(request: APIRequestContext, name: string) {
  const res = await request.get("/api/product");
  const products = (await res.json()) as { _id: string; name: string; Availability: number }[];
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`no product named ${name}`);
  return found;
}

export const DELIVERY = {
  name: "Karim Uddin",
  phone: "01712345678",
  division: "Dhaka",
  district: "Gazipur",
  address: "House 12, Road 3, Tongi",
};

/**
 * DELIVERY to a phone of its own: cash-on-delivery orders awaiting the shop hold at most one order's worth of a
 * product per phone (docs/decisions/0026), so tests that choose cash on delivery each give a buyer's own number.
 */
export function deliveryOfItsOwn(): typeof DELIVERY {
  const digits = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).join("");
  return { ...DELIVERY, phone: `017${digits}` };
}

/**
 * Places an order through the API with the page's own session, as Buy It Now would; with `delivery`, its
 * delivery details too (as the Pay Order page would save them).
 */
export async function orderViaApi(
  page: Page,
  productId: string,
  quantity: number,
  delivery?: typeof DELIVERY,
): Promise<string> {
  const res = await page.request.post("/api/order", {
    data: { productId, quantity, delivery },
    headers: { Origin: BASE_URL },
  });
  if (!res.ok()) throw new Error(`order failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** A toast: sonner's on the pages React hydrates, the islands' on the product page and the cart (decision 0041). */
export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-toast]").filter({ hasText: text });

export async function signInViaApi(context: APIRequestContext, account: { email: string; password: string }) {
  const res = await context.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
    headers: { Origin: BASE_URL },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/**
 * The customer signs in on another device and signs out everywhere: every session they had, the browser's
 * included, ends. Returns that other device's context (signed out too), for the caller to dispose of.
 */
export async function endSessionsElsewhere(account: { email: string; password: string }) {
  const elsewhere = await request.newContext({ baseURL: BASE_URL });
  await signInViaApi(elsewhere, account);
  const res = await elsewhere.post("/api/auth/revoke-sessions", { data: {}, headers: { Origin: BASE_URL } });
  if (!res.ok()) throw new Error(`revoke-sessions failed: ${res.status()} ${await res.text()}`);
  return elsewhere;
}

/** Waits until the page's JavaScript has taken over (the root sets `data-hydrated` on <html>). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
