import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderLine, productVariant, stockEntry } from "@server/db/schema";
import { expireOrders } from "@server/orders/expire-orders";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { expiryJob } from "../support/contexts";
import { call } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { expectLedgersBalanced } from "../support/stock-ledger";
import { useTestApp } from "../support/test-app";

interface VariantJson {
  id: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  Availability: number;
  minimumQuantity: number;
  weight: number;
  image: string | null;
}
interface ProductJson {
  _id: string;
  price: number;
  priceFrom: number;
  Availability: number;
  minimumQuantity: number;
  weight: number;
  options: { name: string; nameBn: string | null; values: string[] }[];
  variants: VariantJson[];
}

const WIDTH = { name: "Width", nameBn: "প্রস্থ", values: ["6 mm", "12 mm", "18 mm"] };

/** A chisel in three widths: 6 mm at Tk 450, 12 mm at Tk 520, 18 mm at Tk 610. */
const widths = (prefix: string) => [
  { sku: `${prefix}-06`, options: { Width: "6 mm" }, price: 450, Availability: 100, minimumQuantity: 20, weight: 150 },
  { sku: `${prefix}-12`, options: { Width: "12 mm" }, price: 520, Availability: 60, minimumQuantity: 20, weight: 180 },
  { sku: `${prefix}-18`, options: { Width: "18 mm" }, price: 610, Availability: 0, minimumQuantity: 20, weight: 210 },
];

describe("variants: a tool sold in sizes, each with its own price and stock", () => {
  const t = useTestApp({ ORDER_HOLD_MINUTES: "1" });
  let admin: TestAccount;
  let buyer: TestAccount;
  let clock = new Date();
  let serial = 0;

  beforeAll(async () => {
    t.services.now = () => clock;
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  async function productOf(id: string): Promise<ProductJson> {
    const res = await t.request(`/api/product/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ProductJson;
  }

  /** A product of its own, then given widths through the API; answers it as the API shows it. */
  async function aChisel(): Promise<ProductJson> {
    const { id } = await makeProduct(t, { name: `Width Chisel ${++serial}` });
    const prefix = `CH${serial}-${id.slice(0, 4)}`;
    const res = await call(t, admin, "PUT", `/api/product/${id}`, { options: [WIDTH], variants: widths(prefix) });
    expect(res.status, await res.clone().text()).toBe(200);
    return productOf(id);
  }

  const order = (body: unknown, who = buyer) => call(t, who, "POST", "/api/order", body);

  it("a tool without options has one variant, and the spec's fields are that variant's", async () => {
    const { id } = await makeProduct(t, { pricePoisha: 125050, availability: 200, minimumQuantity: 20 });
    const p = await productOf(id);
    expect(p.options).toEqual([]);
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({ options: {}, price: 1250.5, Availability: 200, minimumQuantity: 20 });
    expect(p.variants[0]!.sku).toMatch(/^RND-[0-9A-F]{12}$/);
    expect(p).toMatchObject({ price: 1250.5, priceFrom: 1250.5, Availability: 200 });
    // The spec's order names no variant, and buys the only one.
    const res = await order({ productId: id, quantity: 20 });
    expect(res.status).toBe(200);
    expect((await productOf(id)).variants[0]!.Availability).toBe(180);
  });

  it("Edit Product's variants: the spec's fields are the first one's, the stock all of theirs, and 'from' the lowest price", async () => {
    const p = await aChisel();
    expect(p.options).toEqual([WIDTH]);
    expect(p.variants.map((v) => [v.options.Width, v.price, v.Availability])).toEqual([
      ["6 mm", 450, 100],
      ["12 mm", 520, 60],
      ["18 mm", 610, 0],
    ]);
    expect(p).toMatchObject({ price: 450, priceFrom: 450, Availability: 160, minimumQuantity: 20, weight: 150 });
    await expectLedgersBalanced(t.database.db, [p._id]);
  });

  it("an order names its variant: the variant's price, stock and SKU, and the product's stock goes down with it", async () => {
    const p = await aChisel();
    const twelve = p.variants[1]!;
    const asked = await order({ productId: p._id, quantity: 20 });
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({ code: "variant.required" });
    const elsewhere = await makeProduct(t);
    const foreign = await order({ productId: elsewhere.id, variantId: twelve.id, quantity: 20 });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "variant.not_found" });
    expect((await order({ productId: p._id, variantId: "not-an-id", quantity: 20 })).status).toBe(404);

    const res = await order({ productId: p._id, variantId: twelve.id.toUpperCase(), quantity: 20 });
    expect(res.status).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    const after = await productOf(p._id);
    expect(after.variants.map((v) => v.Availability)).toEqual([100, 40, 0]);
    expect(after.Availability).toBe(140);
    const [line] = await t.database.db.select().from(orderLine).where(eq(orderLine.orderId, insertedId));
    expect(line).toMatchObject({ variantId: twelve.id, sku: twelve.sku, variantLabel: "12 mm", pricePoisha: 52000 });
    const mine = await t.request(`/api/order/${buyer.email}/${insertedId}`, { headers: asBearer(buyer) });
    expect(await mine.json()).toMatchObject({
      price: 520,
      paybleAmount: 10400,
      items: [{ variantId: twelve.id, sku: twelve.sku, variant: "12 mm", price: 520, quantity: 20 }],
    });
    // The rules are the variant's: 18 mm has none in stock, whatever the others hold.
    const none = await order({ productId: p._id, variantId: p.variants[2]!.id, quantity: 20 });
    expect(none.status).toBe(409);
    await expectLedgersBalanced(t.database.db, [p._id]);
  });

  it("no hoarding counts per variant: half of each size, not half of the tool", async () => {
    const p = await aChisel();
    const [six, twelve] = p.variants;
    const hoarder = await signUp(t);
    // 6 mm holds 100: one order may take 50, so 40 (the minimum plus whole steps of 20).
    expect((await order({ productId: p._id, variantId: six!.id, quantity: 40 }, hoarder)).status).toBe(200);
    const more = await order({ productId: p._id, variantId: six!.id, quantity: 20 }, hoarder);
    expect(more.status).toBe(409);
    expect(await more.json()).toMatchObject({ code: "order.holding_limit" });
    // 12 mm is another shelf: its own half (30 of 60, so 20).
    expect((await order({ productId: p._id, variantId: twelve!.id, quantity: 20 }, hoarder)).status).toBe(200);
  });

  it("the cart keeps one line per variant; checkout takes each from its own shelf, and cancel gives each back", async () => {
    const p = await aChisel();
    const [six, twelve] = p.variants;
    const shopper = await signUp(t);
    const add = (variantId: string | undefined, quantity: number) =>
      call(t, shopper, "POST", "/api/cart/items", { productId: p._id, variantId, quantity });
    expect((await add(undefined, 20)).status).toBe(400);
    expect((await add(six!.id, 20)).status).toBe(200);
    expect((await add(twelve!.id, 20)).status).toBe(200);
    const cart = (await (await add(six!.id, 20)).json()) as {
      items: { variantId: string; sku: string; variant: string | null; quantity: number; price: number }[];
    };
    expect(cart.items.map((i) => [i.variant, i.sku, i.quantity, i.price])).toEqual([
      ["6 mm", six!.sku, 40, 450],
      ["12 mm", twelve!.sku, 20, 520],
    ]);
    const placed = await call(t, shopper, "POST", "/api/checkout", { delivery: TEST_DELIVERY, paymentMethod: "card" });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const { insertedId: orderId } = (await placed.json()) as { insertedId: string };
    const shown = await t.request(`/api/order/${shopper.email}/${orderId}`, { headers: asBearer(shopper) });
    const { items } = (await shown.json()) as { items: { sku: string; variant: string | null; quantity: number }[] };
    expect(items.map((i) => [i.sku, i.variant, i.quantity])).toEqual([
      [six!.sku, "6 mm", 40],
      [twelve!.sku, "12 mm", 20],
    ]);
    expect((await productOf(p._id)).variants.map((v) => v.Availability)).toEqual([60, 40, 0]);
    expect((await call(t, shopper, "DELETE", `/api/order/${orderId}`)).status).toBe(200);
    expect((await productOf(p._id)).variants.map((v) => v.Availability)).toEqual([100, 60, 0]);
    await expectLedgersBalanced(t.database.db, [p._id]);
  });

  it("an unpaid order's hold runs out per variant: each size gets its pieces back", async () => {
    const p = await aChisel();
    const res = await order({ productId: p._id, variantId: p.variants[1]!.id, quantity: 20 });
    expect(res.status).toBe(200);
    clock = new Date(clock.getTime() + 2 * 60_000);
    await expireOrders(expiryJob(t));
    expect((await productOf(p._id)).variants.map((v) => v.Availability)).toEqual([100, 60, 0]);
    const rows = await t.database.db.select().from(stockEntry).where(eq(stockEntry.variantId, p.variants[1]!.id));
    expect(rows.map((r) => r.reason).sort()).toEqual(["expired", "opening", "placed"]);
    await expectLedgersBalanced(t.database.db, [p._id]);
  });

  it("a variant left out is deleted when nothing names it, retired when an order does; the stock page counts each", async () => {
    const p = await aChisel();
    const [six, twelve, eighteen] = p.variants;
    expect((await order({ productId: p._id, variantId: twelve!.id, quantity: 20 })).status).toBe(200);
    const keep = (v: VariantJson) => ({
      id: v.id,
      sku: v.sku,
      options: v.options,
      price: v.price,
      minimumQuantity: v.minimumQuantity,
    });
    const res = await call(t, admin, "PUT", `/api/product/${p._id}`, {
      options: [{ ...WIDTH, values: ["6 mm", "25 mm"] }],
      variants: [
        keep(six!),
        { sku: `${six!.sku}-25`, options: { Width: "25 mm" }, price: 700, Availability: 30, minimumQuantity: 20 },
      ],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await productOf(p._id);
    expect(after.variants.map((v) => [v.options.Width, v.Availability])).toEqual([
      ["6 mm", 100],
      ["25 mm", 30],
    ]);
    expect(after.Availability).toBe(130);
    const rows = await t.database.db.select().from(productVariant).where(eq(productVariant.productId, p._id));
    expect(rows.find((r) => r.id === twelve!.id)).toMatchObject({ availability: 0, retiredAt: expect.any(Date) });
    expect(rows.find((r) => r.id === eighteen!.id)).toBeUndefined();
    // The retired one's pieces left through the ledger.
    const written = await t.database.db.select().from(stockEntry).where(eq(stockEntry.variantId, twelve!.id));
    expect(written.map((e) => [e.reason, e.change, e.note])).toContainEqual(["counted", -40, "variant removed"]);

    // The stock page: a tool with sizes names which one.
    const asked = await call(t, admin, "POST", `/api/product/${p._id}/stock`, { reason: "received", change: 20 });
    expect(asked.status).toBe(400);
    const received = await call(t, admin, "POST", `/api/product/${p._id}/stock`, {
      reason: "received",
      change: 20,
      variantId: six!.id,
    });
    expect(await received.json()).toMatchObject({ variantId: six!.id, Availability: 120, productAvailability: 150 });
    // And the spec's stock count cannot say which.
    const counted = await call(t, admin, "PUT", `/api/product/${p._id}`, { Availability: 10 });
    expect(counted.status).toBe(400);
    expect(await counted.json()).toMatchObject({ code: "variant_edit.count_each" });
    await expectLedgersBalanced(t.database.db, [p._id]);
  });

  it.each([
    [
      "three options",
      { options: [WIDTH, { ...WIDTH, name: "Length" }, { ...WIDTH, name: "Grip" }] },
      "variant_edit.options_too_many",
    ],
    ["an option named twice", { options: [WIDTH, { ...WIDTH, nameBn: null }] }, "variant_edit.option_names_repeat"],
    ["a value twice", { options: [{ ...WIDTH, values: ["6 mm", "6 mm"] }] }, "variant_edit.option_values_repeat"],
    ["a value no option has", { variantPatch: { options: { Width: "7 mm" } } }, "variant_edit.values_mismatch"],
    ["an option a variant leaves out", { variantPatch: { options: {} } }, "variant_edit.values_mismatch"],
    ["a SKU with a space", { variantPatch: { sku: "CH 06" } }, "variant_edit.sku_invalid"],
    [
      "two variants alike",
      { variantPatch: { options: { Width: "12 mm" }, sku: "OTHER-SKU-1" } },
      "variant_edit.combination_repeat",
    ],
    ["options without variants", { noVariants: true }, "variant_edit.variants_required"],
    ["no variants", { variants: [] }, "variant_edit.variants_required"],
    ["a price of nothing", { variantPatch: { price: 0 } }, "product.price_not_positive"],
    ["a photo from elsewhere", { variantPatch: { image: "https://evil.example/x.png" } }, "product.image_not_ours"],
    ["a new variant without its stock", { variantPatch: { Availability: undefined } }, "product.availability_required"],
  ])("refuses %s with 400 and changes nothing", async (_label, change, code) => {
    const { id } = await makeProduct(t);
    const before = await productOf(id);
    const prefix = `BAD${++serial}`;
    const [first, ...rest] = widths(prefix);
    const body: Record<string, unknown> = {
      options: "options" in change ? change.options : [WIDTH],
      variants:
        "variants" in change
          ? change.variants
          : [{ ...first, ...("variantPatch" in change ? change.variantPatch : {}) }, ...rest],
    };
    if ("noVariants" in change) delete body.variants;
    const res = await call(t, admin, "PUT", `/api/product/${id}`, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code });
    expect(await productOf(id)).toEqual(before);
  });

  it("refuses a SKU another tool sells, naming it, and an id that is not this tool's", async () => {
    const other = await aChisel();
    const { id } = await makeProduct(t);
    const taken = await call(t, admin, "PUT", `/api/product/${id}`, {
      options: [WIDTH],
      variants: widths(`NEW${++serial}`).map((v, i) =>
        i === 1 ? { ...v, sku: other.variants[0]!.sku.toLowerCase() } : v,
      ),
    });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({
      code: "variant_edit.sku_taken",
      params: { sku: other.variants[0]!.sku },
    });
    const stolen = await call(t, admin, "PUT", `/api/product/${id}`, {
      variants: [{ id: other.variants[0]!.id, sku: `OWN${serial}`, price: 10, minimumQuantity: 1 }],
    });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ code: "variant_edit.unknown_id" });
    expect((await productOf(other._id)).variants).toEqual(other.variants);
  });

  it("lets two variants swap their SKUs, and refuses one variant listed twice", async () => {
    const p = await aChisel();
    const [six, twelve, eighteen] = p.variants;
    const body = (list: VariantJson[]) => ({
      options: [WIDTH],
      variants: list.map((v) => ({ id: v.id, sku: v.sku, options: v.options, price: v.price, minimumQuantity: 20 })),
    });
    const swapped = body([six!, twelve!, eighteen!]);
    [swapped.variants[0]!.sku, swapped.variants[1]!.sku] = [twelve!.sku, six!.sku];
    const res = await call(t, admin, "PUT", `/api/product/${p._id}`, swapped);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await productOf(p._id)).variants.map((v) => v.sku)).toEqual([twelve!.sku, six!.sku, eighteen!.sku]);
    // The same id twice, under two SKUs and two widths: only the id gives it away.
    const twice = body([six!, six!, eighteen!]);
    twice.variants[1] = { ...twice.variants[1]!, sku: `${six!.sku}-B`, options: { Width: "12 mm" } };
    const refused = await call(t, admin, "PUT", `/api/product/${p._id}`, twice);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "variant_edit.unknown_id" });
  });

  it("finds a tool by a variant's SKU in the shop's search", async () => {
    const p = await aChisel();
    const res = await t.request(`/api/product?q=${encodeURIComponent(p.variants[1]!.sku.toLowerCase())}`);
    expect(((await res.json()) as ProductJson[]).map((x) => x._id)).toEqual([p._id]);
  });
});
