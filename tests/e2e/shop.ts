import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL } from "./accounts";

/** The demo product with this name, as the store's API lists it. */
export async function productNamed(request: APIRequestContext, name: string) {
  const res = await request.get("/api/product");
  const products = (await res.json()) as { _id: string; name: string; Availability: number }[];
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`no product named ${name}`);
  return found;
}

/** Places an order through the API with the page's own session, as Buy It Now would. */
export async function orderViaApi(page: Page, productId: string, quantity: number): Promise<string> {
  const res = await page.request.post("/api/order", {
    data: { productId, quantity },
    headers: { Origin: BASE_URL },
  });
  if (!res.ok()) throw new Error(`order failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

export const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
