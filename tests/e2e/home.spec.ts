import { expect, test } from "./fixtures";
import { demoProducts } from "../../server/db/seed-data";
import { readFileSync } from "node:fs";

const expo = JSON.parse(readFileSync("public/expo.json", "utf8")) as { title: string }[];

test.describe("home page", () => {
  test("shows the featured products in a grid of 4 columns with Tk prices, detail links and the way to the shop", async ({
    page,
  }) => {
    await page.goto("/");
    const grid = page.getByTestId("product-grid");
    const columns = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(4);

    const cards = grid.locator("article");
    // No demo product is featured: the newest eight, in the demo's order.
    await expect(cards).toHaveCount(8);
    await expect(grid.getByRole("heading")).toHaveText(demoProducts.slice(0, 8).map((p) => p.name));
    const first = cards.first();
    await expect(first.getByRole("heading")).toHaveText(demoProducts[0]!.name);
    await expect(first.getByTestId("product-price")).toHaveText("Tk 2,450");
    await expect(page.getByTestId("product-price").filter({ hasText: "3,850.50" })).toHaveText("Tk 3,850.50");
    await expect(grid.getByRole("link", { name: /^Product Detail/ })).toHaveCount(8);
    await expect(first.getByRole("link", { name: /^Product Detail/ })).toHaveAttribute(
      "href",
      /^\/detail\/[0-9a-f-]{36}$/,
    );
    await page.getByRole("link", { name: "See all tools" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByTestId("product-grid").locator("article")).toHaveCount(demoProducts.length);
  });

  test("has the about, why-choose-us, stats, testimonials and client sections", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "About Randa" })).toBeVisible();
    await expect(page.getByRole("link", { name: "+880 1000-000000" }).first()).toBeVisible();
    await expect(page.locator("video source")).toHaveAttribute("src", "/media/workshop.webm");

    const why = page.locator("section", { has: page.getByRole("heading", { name: "Why choose us" }) });
    await expect(why.locator("li")).toHaveCount(expo.length);
    await expect(why.getByRole("heading", { name: expo[0]!.title })).toBeVisible();

    const stats = [
      ["25+", "Years"],
      ["450+", "Clients"],
      ["50+", "Partners"],
      ["1000K", "Revenue"],
    ] as const;
    for (const [value, label] of stats) {
      await expect(page.getByText(value, { exact: true })).toBeVisible();
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }

    const testimonials = page.locator("section", {
      has: page.getByRole("heading", { name: "What our customers say" }),
    });
    await expect(testimonials.locator("li")).toHaveCount(3);
    for (const name of ["Rahim Uddin", "Nasrin Akter", "Kamal Hossain"]) {
      await expect(testimonials.getByText(name)).toBeVisible();
    }
    await expect(page.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Dhaka Joinery" })).toBeVisible();
  });

  test("serves /expo.json as the static file behind the cards", async ({ request }) => {
    const res = await request.get("/expo.json");
    expect(res.status()).toBe(200);
    const items = (await res.json()) as { title: string; desc: string; icon: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(["desc", "icon", "title"]);
  });

  test("loads no JavaScript at all", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/");
    await expect(page.getByTestId("product-grid")).toBeVisible();
    expect(scripts).toEqual([]);
    await expect(page.locator("script:not([type='application/ld+json'])")).toHaveCount(0);
  });

  test("fits a 360 px wide phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const columns = await page
      .getByTestId("product-grid")
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(1);
  });

  test("on a phone, renders what lies below the first screen only as the visitor scrolls to it", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    // The renderer's own answer: content it skips (content-visibility: auto) is not visible to it.
    const rendered = (name: string) =>
      page
        .getByRole("heading", { name, exact: true })
        .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await rendered("Workshops that buy from us")).toBe(false);
    expect(await rendered("Contact")).toBe(false);
    await page.getByRole("heading", { name: "Contact", exact: true }).scrollIntoViewIfNeeded();
    await expect.poll(() => rendered("Contact")).toBe(true);
    await expect(page.getByRole("link", { name: "+880 1000-000000" }).last()).toBeVisible();
  });
});
