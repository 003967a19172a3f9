import { describe, expect, it } from "vitest";
import type { ProductDetailView } from "@shared/views";
import ProductDetail from "~/routes/public/product-detail";
import { renderRoute } from "../support/render-route";

const product: ProductDetailView = {
  id: "3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11",
  name: "Marking Knife",
  image: "/images/products/marking-gauge.svg",
  pricePoisha: 123450,
  minimumQuantity: 40,
  availability: 200000,
  maxPerOrder: null,
  description: "",
  details: "",
  rating: { average: null, count: 0 },
  variantCount: 1,
  priceFromPoisha: 123450,
  photos: [{ url: "/images/products/marking-gauge.svg", alt: "Marking Knife" }],
  variantId: "5d2a9c1e-7b3f-4c8d-9e0a-1b2c3d4e5f60",
  sku: "RND-3F1C1F5E8A0E",
  options: [],
  variants: [],
};

/** A tool nobody has reviewed yet, seen by a signed-out visitor. */
const NO_REVIEWS = {
  reviews: { items: [], page: 1, total: 0, limit: 10, sort: "newest" as const },
  corner: {
    distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    own: null,
    mayWrite: false,
    signedIn: false,
    isAdmin: false,
    hidden: [],
  },
};

function render(p: ProductDetailView): string {
  return renderRoute(ProductDetail, {
    product: p,
    category: { slug: "marking-and-measuring", name: "Marking" },
    photo: 0,
    ...NO_REVIEWS,
    // The page puts them in <head> through `meta`, which this render leaves out.
    meta: [],
    // A Stock Out tool's "Tell me when it is back", drawn by the loader (app/door/back-in-stock.server.tsx).
    backInStock: '<form data-testid="back-in-stock"></form>',
  });
}

describe("product detail view", () => {
  it("falls back to the spec's texts when a product has no description or details", () => {
    const html = render(product);
    expect(html).toContain("description Here");
    expect(html).toContain("Details here");
  });

  it("names its category, as a link to the category's shelf in the shop", () => {
    expect(render(product)).toMatch(/<a[^>]*href="\/shop\?category=marking-and-measuring"[^>]*>Marking<\/a>/);
  });

  it("shows its own description and details when it has them", () => {
    const html = render({ ...product, description: "Scribes a fine line.", details: "Spear point, 25 mm" });
    expect(html).toContain("Scribes a fine line.");
    expect(html).toContain("Spear point, 25 mm");
    expect(html).not.toContain("description Here");
  });

  it("groups taka and pieces the Bangladeshi way and starts the quantity at the minimum", () => {
    const html = render(product);
    expect(html).toContain("Tk 1,234.50");
    expect(html).toContain("2,00,000 Pieces");
    expect(html).toMatch(/<input[^>]*step="20"[^>]*value="40"|<input[^>]*value="40"[^>]*step="20"/);
  });

  it("says Stock Out, and offers no quantity, when the stock cannot cover the minimum", () => {
    const html = render({ ...product, availability: 39 });
    expect(html).toContain("Stock Out");
    expect(html).not.toContain('name="quantity"');
    expect(html).not.toContain("Buy It Now");
    expect(html).toContain('data-testid="back-in-stock"');
    expect(render(product)).not.toContain('data-testid="back-in-stock"');
  });

  it("says how many pieces one order may take: half of the stock, or the product's own most per order", () => {
    expect(render(product)).toContain("At most 1,00,000 Pis");
    expect(render(product)).toMatch(/<input[^>]*max="100000"/);
    const own = render({ ...product, maxPerOrder: 500 });
    expect(own).toContain("At most 500 Pis");
    expect(own).toMatch(/<input[^>]*max="500"/);
    // Half of 60 is under the minimum of 40: the minimum can still be bought.
    expect(render({ ...product, availability: 60 })).toContain("At most 40 Pis");
  });

  it("offers Buy It Now with the quantity at the minimum and no message yet", () => {
    const html = render(product);
    expect(html).toContain("Buy It Now");
    // The message's place is there, empty and hidden, for the page's island to fill (app/islands/buy-now.ts).
    expect(html).toMatch(/<p id="quantity-problem" role="alert"[^>]*hidden=""[^>]*><\/p>/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Buy It Now/);
  });
});
