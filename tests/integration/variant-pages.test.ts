import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariant } from "@server/db/schema";
import { asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { makeProduct } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";

/** The variants' screens, as a browser without JavaScript uses them: forms posted, pages read. */
describe("variants on the pages", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let buyer: TestAccount;
  let serial = 0;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await t.request(path, { headers });
    expect(res.status).toBe(200);
    return res.text();
  }

  const variantsOf = (productId: string) =>
    t.database.db
      .select()
      .from(productVariant)
      .where(eq(productVariant.productId, productId))
      .orderBy(productVariant.position);

  /** Edit Product's variants form, as posted: Width in three sizes, with a price and stock each. */
  const widthsForm = (prefix: string, over: Record<string, string> = {}) => ({
    intent: "variants",
    "option.0.name": "Width",
    "option.0.nameBn": "প্রস্থ",
    "option.0.values": "6 mm, 12 mm, 18 mm",
    "option.1.name": "",
    "option.1.nameBn": "",
    "option.1.values": "",
    ...Object.fromEntries(
      [
        ["6 mm", "450", "100"],
        ["12 mm", "520", "60"],
        ["18 mm", "610", "0"],
      ].flatMap(([width, price, stock], n) => [
        [`variant.${n}.sku`, `${prefix}-${n}`],
        [`variant.${n}.value.0`, width!],
        [`variant.${n}.price`, price!],
        [`variant.${n}.stock`, stock!],
        [`variant.${n}.minimum`, "20"],
        [`variant.${n}.weight`, "150"],
        [`variant.${n}.image`, ""],
      ]),
    ),
    // A blank row for a new variant, left empty: not sent on.
    "variant.3.sku": "",
    "variant.3.value.0": "",
    "variant.3.price": "",
    "variant.3.stock": "",
    "variant.3.minimum": "",
    "variant.3.weight": "",
    "variant.3.image": "",
    ...over,
  });

  async function aSizedChisel() {
    const { id, name } = await makeProduct(t, { name: `Paring Chisel ${++serial}` });
    const prefix = `PC${serial}-${id.slice(0, 4)}`;
    const answer = await readAnswer(await t.postForm(`/dashboard/manageproduct/${id}`, widthsForm(prefix), admin));
    expect(answer.done, answer.message ?? "").toBe(true);
    return { id, name, prefix, variants: await variantsOf(id) };
  }

  it("Edit Product's variants form makes the sizes, without JavaScript", async () => {
    const { variants } = await aSizedChisel();
    expect(variants.map((v) => [v.options, v.pricePoisha, v.availability])).toEqual([
      [{ Width: "6 mm" }, 45000, 100],
      [{ Width: "12 mm" }, 52000, 60],
      [{ Width: "18 mm" }, 61000, 0],
    ]);
  });

  it("refuses a bad row beside its field, keeping what was typed, and changes nothing", async () => {
    const { id } = await makeProduct(t);
    const answer = await readAnswer(
      await t.postForm(
        `/dashboard/manageproduct/${id}`,
        widthsForm(`BAD${++serial}`, { "variant.1.sku": "has space", "variant.2.value.0": "7 mm" }),
        admin,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.formErrors["variant.1.sku"]).toMatch(/SKU is 1 to 40 letters/);
    expect(answer.data).toMatchObject({ values: { "variant.1.sku": "has space" } });
    expect(await variantsOf(id)).toHaveLength(1);
    const sameTwice = await readAnswer(
      await t.postForm(
        `/dashboard/manageproduct/${id}`,
        widthsForm(`DUP${serial}`, { "variant.2.value.0": "6 mm" }),
        admin,
      ),
    );
    expect(sameTwice.formErrors["variant.2.value.0"]).toBe("Two variants cannot have the same values");
  });

  it("the product page shows the chosen size's price, stock and SKU, in the URL, and sells that size", async () => {
    const { id, variants } = await aSizedChisel();
    const [six, twelve, eighteen] = variants;
    const first = textOf(await page(`/detail/${id}`));
    expect(first).toContain("Tk 450");
    expect(first).toContain(six!.sku);
    const html = await page(`/detail/${id}?variant=${twelve!.id}`);
    const text = textOf(html);
    expect(text).toContain("Tk 520");
    expect(text).toContain(twelve!.sku);
    expect(text).toContain("60 Pieces");
    const chosen = [...html.matchAll(/<a[^>]*aria-current="true"[^>]*>/g)].map((m) => m[0]);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]).toContain(`href="/detail/${id}?variant=${twelve!.id}"`);
    expect(html).toContain(`name="variantId" value="${twelve!.id}"`);
    // A size with no stock says so to a screen reader too, and offers nothing to buy.
    expect(text).toContain("18 mm (none in stock)");
    const empty = textOf(await page(`/detail/${id}?variant=${eighteen!.id}`));
    expect(empty).toContain("Stock Out");
    // In Bangla, the option's Bangla name.
    expect(textOf(await page(`/detail/${id}`, { "Accept-Language": "bn" }))).toContain("প্রস্থ");
    // Add to cart from the page, without JavaScript: the line is that size's.
    const added = await readAnswer(
      await t.postForm("/cart", { intent: "add", productId: id, variantId: twelve!.id, quantity: "20" }, buyer),
    );
    expect(added.done, added.message ?? "").toBe(true);
    const cart = textOf(await page("/cart", asCookie(buyer)));
    expect(cart).toContain("12 mm");
  });

  it("the shop's card says 'from' the lowest price and leads to the page to choose a size", async () => {
    const { name } = await aSizedChisel();
    const html = await page(`/shop?q=${encodeURIComponent(name)}`);
    const card = html.slice(html.indexOf(`>${name}<`));
    expect(textOf(card)).toContain("from Tk 450");
    expect(card).toContain(`aria-label="Choose a size: ${name}"`);
    expect(card.slice(0, card.indexOf("</article>"))).not.toContain('name="productId"');
  });

  it("the stock page records a receipt for the size chosen, and its ledger names each size", async () => {
    const { id, variants } = await aSizedChisel();
    const twelve = variants[1]!;
    const path = `/dashboard/stock?product=${id}`;
    const answer = await readAnswer(
      await t.postForm(path, { variantId: twelve.id, reason: "received", change: "40", count: "", note: "" }, admin),
    );
    expect(answer.done, answer.message ?? "").toBe(true);
    expect((await variantsOf(id)).map((v) => v.availability)).toEqual([100, 100, 0]);
    const text = textOf(await page(path, asCookie(admin)));
    expect(text).toContain(`12 mm · ${twelve.sku} · 100 Pis`);
    expect(text).toMatch(/12 mm\s+Received/);
  });
});
