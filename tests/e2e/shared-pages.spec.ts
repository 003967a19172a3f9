import { registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";
import { orderViaApi, productNamed } from "./shop";

/** The nonce the answer's CSP allows, and every nonce its scripts carry. */
async function nonces(res: { headers(): Record<string, string>; text(): Promise<string> }) {
  const allowed = /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1];
  const used = [...(await res.text()).matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]);
  return { allowed, used };
}

test.describe("pages every signed-out visitor sees alike (served from memory until the catalog changes)", () => {
  test("each visitor's copy carries that visitor's own script nonce", async ({ request }) => {
    const { _id } = await productNamed(request, "Flat-Bottom Spokeshave");
    const first = await nonces(await request.get(`/detail/${_id}`));
    const second = await nonces(await request.get(`/detail/${_id}`));
    for (const copy of [first, second]) {
      expect(copy.allowed).toMatch(/^[\w+/=-]{16,}$/);
      expect(copy.used.length).toBeGreaterThan(0);
      expect(copy.used.every((n) => n === copy.allowed)).toBe(true);
    }
    expect(second.allowed).not.toBe(first.allowed);
  });

  test("every kind of answer carries the security headers", async ({ request }) => {
    const { _id } = await productNamed(request, "Flat-Bottom Spokeshave");
    for (const path of [
      "/",
      `/detail/${_id}`,
      "/login",
      "/dashboard",
      "/favicon.svg",
      "/no-such-page",
      "/api/product",
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers()["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(res.headers()["referrer-policy"], path).toBe("same-origin");
      expect(res.headers()["content-security-policy"], path).toMatch(/frame-ancestors 'none'/);
    }
  });

  test("a product page shows the stock left after someone else's order", async ({ page, request }) => {
    const spokeshave = await productNamed(request, "Flat-Bottom Spokeshave");
    const stockShown = async () =>
      /data-testid="availability">([^<]*)</.exec(await (await request.get(`/detail/${spokeshave._id}`)).text())?.[1];
    expect(await stockShown()).toContain(String(spokeshave.Availability));

    await registerViaApi(page);
    await orderViaApi(page, spokeshave._id, 20);
    const after = await productNamed(request, "Flat-Bottom Spokeshave");
    expect(after.Availability).toBeLessThanOrEqual(spokeshave.Availability - 20);
    expect(await stockShown()).toContain(String(after.Availability));
  });

  test("a signed-in customer gets their own page, not the shared one", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await registerViaApi(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await page.context().clearCookies();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  });
});
