import type { APIRequestContext, Page } from "@playwright/test";
import { formatCount } from "../../shared/format";
import type { Language } from "../../shared/languages";
import { bnPages } from "../../shared/words/bn-pages";
import { enPages } from "../../shared/words/en-pages";
import { BASE_URL, DEMO_ADMIN, registerViaApi } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { cartLinkName, fillDelivery, inLanguage, mainWidth, MESSAGES, money, pieces, WORDS } from "./checkout";
import { expect, test as base } from "./fixtures";
import { deliveryOfItsOwn, signInViaApi, toast, waitForHydration } from "./shop";

// A tool sold in sizes (decision 0033): a buyer chooses a width on its page, by mouse, by keyboard and without
// JavaScript, and buys that width, in English and in Bangla, on a phone 360 px wide and on a desktop; a width with no
// stock cannot be bought; the shop's card says "from" the lowest price and leads to the page; an admin gives a tool
// its sizes in Edit Product; and axe finds nothing on the pages that show sizes. Each test makes tools of its own
// (the demo catalog's stock is other tests' to read) and removes them when it ends; while they exist the home page
// and the shop show them, so this file runs with the tests that change the home page (the "home-changing" project
// of playwright.config.ts).

const ORIGIN = { Origin: BASE_URL };
const PAGES = { en: enPages, bn: bnPages } as const;

/** The option the tools of this file are sold by, in each language. */
const WIDTH = { en: "Width", bn: "প্রস্থ" } as const;

interface Size {
  value: string;
  price: number;
  stock: number;
}

/** Four widths, each with its own price and stock; the widest has none, so it cannot be bought. */
const SIZES: Size[] = [
  { value: "6 mm", price: 450, stock: 200 },
  { value: "12 mm", price: 520, stock: 120 },
  { value: "18 mm", price: 610, stock: 160 },
  { value: "25 mm", price: 700, stock: 0 },
];

/** Every width of this file's tools is bought 10 at a time (then in the spec's steps of 20). */
const MINIMUM = 10;

interface Variant extends Size {
  id: string;
  sku: string;
}

interface SizedTool {
  id: string;
  name: string;
  nameBn: string;
  /** Its widths, in the order the page offers them. */
  variants: Variant[];
  /** Its width with this value. */
  size(value: string): Variant;
}

/** A variant as `GET /api/product/{id}` answers it. */
interface VariantJson {
  id: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  Availability: number;
}

let made = 0;
/** A tag no other tool has: this run, this worker, this tool. */
const uniqueTag = () => `${Date.now().toString(36)}${process.pid}${++made}`;

interface Store {
  /** Adds a tool sold in one form (one variant) through the API as the demo admin; removed after the test. */
  addTool(words: string): Promise<{ id: string; name: string; nameBn: string; tag: string }>;
  /** Adds a tool sold in widths, each with its own SKU, price and stock; removed after the test. */
  addSizedTool(words: string, sizes?: Size[]): Promise<SizedTool>;
  /** The tool's variants as the API answers them now. */
  variantsOf(productId: string): Promise<VariantJson[]>;
}

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
}

const test = base.extend<{ store: Store }>({
  store: async ({ playwright }, provide) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInViaApi(admin, DEMO_ADMIN);
    const ids: string[] = [];
    const variantsOf = async (productId: string) => {
      const res = await admin.get(`/api/product/${productId}`);
      await ok(res);
      return ((await res.json()) as { variants: VariantJson[] }).variants;
    };
    const store: Store = {
      async addTool(words) {
        const tag = uniqueTag();
        const name = `${words} ${tag}`;
        const nameBn = `বাটাল ${tag}`;
        const res = await admin.post("/api/product", {
          data: {
            name,
            nameBn,
            price: 350,
            Availability: 100,
            minimumQuantity: MINIMUM,
            desc: "Pares end grain and cleans a joint's shoulders.",
            image: "/images/products/try-square.svg",
          },
          headers: ORIGIN,
        });
        await ok(res);
        const { insertedId } = (await res.json()) as { insertedId: string };
        ids.push(insertedId);
        return { id: insertedId, name, nameBn, tag };
      },
      async addSizedTool(words, sizes = SIZES) {
        const { id, name, nameBn, tag } = await store.addTool(words);
        const skuOf = (value: string) => `V${tag}-${value.replace(/\D/g, "")}`.toUpperCase();
        await ok(
          await admin.put(`/api/product/${id}`, {
            data: {
              options: [{ name: WIDTH.en, nameBn: WIDTH.bn, values: sizes.map((s) => s.value) }],
              variants: sizes.map((s) => ({
                sku: skuOf(s.value),
                options: { [WIDTH.en]: s.value },
                price: s.price,
                Availability: s.stock,
                minimumQuantity: MINIMUM,
                weight: 150,
              })),
            },
            headers: ORIGIN,
          }),
        );
        const stored = await variantsOf(id);
        expect(stored.map((v) => v.sku)).toEqual(sizes.map((s) => skuOf(s.value)));
        const variants = sizes.map((s, i) => ({ ...s, id: stored[i]!.id, sku: stored[i]!.sku }));
        return {
          id,
          name,
          nameBn,
          variants,
          size: (value) => variants.find((v) => v.value === value)!,
        };
      },
      variantsOf,
    };
    await provide(store);
    // Orders keep their copy of a removed tool's lines.
    for (const id of ids) await ok(await admin.delete(`/api/product/${id}`, { headers: ORIGIN }));
    await admin.dispose();
  },
});

const detail = (id: string) => `/detail/${id}`;

/** The tool's name in the page's language. */
const nameIn = (tool: Pick<SizedTool, "name" | "nameBn">, language: Language) =>
  language === "bn" ? tool.nameBn : tool.name;

/** The product page's chooser of widths, and one width's link. */
function chooser(page: Page, language: Language) {
  const group = page.getByTestId("variant-chooser").getByRole("group", { name: WIDTH[language], exact: true });
  return {
    group,
    size: (value: string) => group.getByRole("link", { name: value, exact: true }),
    /** A width with no stock, as a screen reader hears it. */
    emptySize: (value: string) =>
      group.getByRole("link", { name: WORDS[language].product.unavailable.replace("{{value}}", value), exact: true }),
    chosen: group.locator('a[aria-current="true"]'),
  };
}

/** The stock the product page writes: '120 Pieces', or Stock Out. */
const stockShown = (n: number, language: Language) =>
  n < MINIMUM
    ? WORDS[language].product.stockOut
    : WORDS[language].product.pieces.replace("{{n}}", formatCount(n, language));

/** The product page shows this width: in its address, marked chosen, at its price, stock and SKU; it is the one sold. */
async function expectChosen(page: Page, tool: SizedTool, size: Variant, language: Language, stock = size.stock) {
  await expect(page).toHaveURL(`${BASE_URL}${detail(tool.id)}?variant=${size.id}`);
  const { chosen } = chooser(page, language);
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toHaveAttribute("href", `${detail(tool.id)}?variant=${size.id}`);
  await expect(chosen).toContainText(size.value);
  await expect(page.getByTestId("price")).toHaveText(
    `${money(size.price, language)} ${WORDS[language].product.perPiece}`,
  );
  await expect(page.getByTestId("sku")).toHaveText(size.sku);
  await expect(page.getByTestId("availability")).toHaveText(stockShown(stock, language));
  if (stock >= MINIMUM) await expect(page.locator('input[name="variantId"]')).toHaveValue(size.id);
}

/** Whether a link is drawn struck through. */
const struckThrough = (link: ReturnType<Page["locator"]>) =>
  link.evaluate((a) => getComputedStyle(a).textDecorationLine.includes("line-through"));

test.describe("a buyer chooses a width and buys it", () => {
  for (const { language, phone, via } of [
    { language: "en", phone: false, via: "cart" },
    { language: "en", phone: true, via: "buy" },
    { language: "bn", phone: true, via: "cart" },
    { language: "bn", phone: false, via: "buy" },
  ] as const) {
    const width = phone ? "360 px wide" : "on a desktop";
    const how = via === "cart" ? "through the cart" : "with Buy It Now";
    test(`in ${language === "en" ? "English" : "Bangla"}, ${width}, ${how}: the order is that width's, and only its stock falls`, async ({
      page,
      context,
      store,
    }) => {
      if (phone) await page.setViewportSize({ width: 360, height: 740 });
      const t = WORDS[language];
      const said = MESSAGES[language];
      const fits = async () => {
        if (phone) expect(await mainWidth(page), `${page.url()} fits 360 px`).toBeLessThanOrEqual(360);
      };
      const tool = await store.addSizedTool("Firmer Chisel");
      const [six, twelve] = tool.variants as [Variant, Variant];
      const name = nameIn(tool, language);
      await inLanguage(context, language);
      await registerViaApi(page);

      // The page opens on the first width; the others are a link each, in the option's own words.
      const res = await page.goto(detail(tool.id));
      expect(res?.status()).toBe(200);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      const { group, size, chosen } = chooser(page, language);
      await expect(group.getByRole("link")).toHaveCount(SIZES.length);
      await expect(chosen).toHaveText(six.value);
      await expect(page.getByTestId("price")).toHaveText(`${money(six.price, language)} ${t.product.perPiece}`);
      await expect(page.getByTestId("sku")).toHaveText(six.sku);
      await expect(page.getByTestId("availability")).toHaveText(stockShown(six.stock, language));
      await fits();

      // 12 mm: its own address, price, stock and SKU.
      await size(twelve.value).click();
      await expectChosen(page, tool, twelve, language);
      await expect(size(six.value)).not.toHaveAttribute("aria-current");
      await fits();

      const quantity = MINIMUM + 20;
      await page.getByLabel(t.product.quantity).fill(String(quantity));
      if (via === "cart") {
        await page.getByRole("button", { name: t.cart.add, exact: true }).click();
        await expect(toast(page, said.cart.added)).toBeVisible();
        // Adding took nothing from the shelf yet: the page stays on 12 mm.
        await expect(page).toHaveURL(`${BASE_URL}${detail(tool.id)}?variant=${twelve.id}`);
        const cartLink = page.getByTestId("nav-cart");
        await expect(cartLink).toHaveAccessibleName(cartLinkName(1, language));
        await cartLink.click();
        await expect(page).toHaveURL(`${BASE_URL}/cart`);
        await waitForHydration(page);
        const line = page.getByTestId("cart-line");
        await expect(line).toHaveCount(1);
        await expect(line).toContainText(name);
        await expect(line.getByTestId("line-variant")).toHaveText(twelve.value);
        await expect(line).toContainText(`${money(twelve.price, language)} · ${t.product.perPiece}`);
        await expect(line.getByLabel(t.cart.quantity)).toHaveValue(String(quantity));
        await expect(line.getByTestId("line-total")).toHaveText(money(twelve.price * quantity, language));
        // The line's name leads back to the width bought.
        await expect(line.getByRole("link", { name, exact: true })).toHaveAttribute(
          "href",
          `${detail(tool.id)}?variant=${twelve.id}`,
        );
        await fits();
        await page.getByRole("link", { name: t.cart.checkout, exact: true }).click();
        await expect(page).toHaveURL(`${BASE_URL}/checkout`);
      } else {
        await page.getByRole("button", { name: t.product.buy, exact: true }).click();
        await expect(page).toHaveURL(
          `${BASE_URL}/checkout?${new URLSearchParams({ productId: tool.id, variantId: twelve.id, quantity: String(quantity) })}`,
        );
      }
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.checkout.title);
      const item = page.getByTestId("checkout-lines").getByRole("listitem");
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(name);
      await expect(item.getByTestId("line-variant")).toHaveText(twelve.value);
      await expect(item).toContainText(`${pieces(quantity, language)} × ${money(twelve.price, language)}`);
      await expect(page.getByTestId("checkout-goods")).toHaveText(money(twelve.price * quantity, language));

      await fillDelivery(page, deliveryOfItsOwn(), t);
      const cod = page.getByLabel(t.checkout.cod);
      await expect(cod).toBeEnabled();
      await cod.check();
      await fits();
      await page.getByRole("button", { name: t.checkout.place }).click();
      await expect(toast(page, said.order.placed)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/order\/[0-9a-f-]{36}$/);
      // The order's line names the width, at its price.
      const rows = page.getByTestId("order-lines").locator("tbody tr");
      await expect(rows).toHaveCount(1);
      await expect(rows.getByRole("cell")).toHaveText([
        "",
        `${name} (${twelve.value})`,
        money(twelve.price, language),
        pieces(quantity, language),
        money(twelve.price * quantity, language),
      ]);
      await fits();

      // 12 mm's shelf gave the pieces; the other widths' did not.
      expect((await store.variantsOf(tool.id)).map((v) => [v.sku, v.Availability])).toEqual(
        tool.variants.map((v) => [v.sku, v === twelve ? v.stock - quantity : v.stock]),
      );
      await page.goto(`${detail(tool.id)}?variant=${twelve.id}`);
      await expectChosen(page, tool, twelve, language, twelve.stock - quantity);
      await size(six.value).click();
      await expectChosen(page, tool, six, language);
    });
  }
});

test("the widths are chosen by keyboard: Tab to one, Enter, and the focus stays on it", async ({ page, store }) => {
  const tool = await store.addSizedTool("Mortise Chisel");
  const [six, twelve, eighteen] = tool.variants as [Variant, Variant, Variant];
  await openScreen(page, detail(tool.id));
  const { size } = chooser(page, "en");
  // The category's link comes just before the widths.
  await page.getByTestId("category").getByRole("link").focus();
  await page.keyboard.press("Tab");
  await expect(size(six.value)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(size(twelve.value)).toBeFocused();
  await page.keyboard.press("Enter");
  await expectChosen(page, tool, twelve, "en");
  await expect(size(twelve.value)).toBeFocused();
  // On to the next width, still by keyboard.
  await page.keyboard.press("Tab");
  await expect(size(eighteen.value)).toBeFocused();
  await page.keyboard.press("Enter");
  await expectChosen(page, tool, eighteen, "en");
  // And on past the widths to the quantity, which is the chosen width's minimum.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Quantity (Pis)")).toBeFocused();
  await expect(page.getByLabel("Quantity (Pis)")).toHaveValue(String(MINIMUM));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a width's link loads the page with that width, and Add to cart puts that width in the cart", async ({
    page,
    store,
  }) => {
    const tool = await store.addSizedTool("Paring Chisel");
    const eighteen = tool.size("18 mm");
    const res = await page.goto(detail(tool.id));
    expect(res?.status()).toBe(200);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const { size } = chooser(page, "en");
    const loaded = page.waitForResponse(
      (r) => r.request().isNavigationRequest() && r.url() === `${BASE_URL}${detail(tool.id)}?variant=${eighteen.id}`,
    );
    await size(eighteen.value).click();
    expect((await loaded).status()).toBe(200);
    await expectChosen(page, tool, eighteen, "en");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);

    // The page's plain form posts that width.
    await page.getByRole("button", { name: "Add to cart", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/cart`);
    await expect(page.locator("main").getByRole("status")).toHaveText(MESSAGES.en.cart.added);
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("line-variant")).toHaveText(eighteen.value);
    await expect(line.getByTestId("line-total")).toHaveText(money(eighteen.price * MINIMUM));
  });
});

test("a width with no stock is struck through, named so, and offers nothing to buy", async ({
  page,
  context,
  store,
}) => {
  const tool = await store.addSizedTool("Skew Chisel");
  const empty = tool.size("25 mm");
  for (const language of ["en", "bn"] as const) {
    const t = WORDS[language];
    await inLanguage(context, language);
    await openScreen(page, detail(tool.id));
    const { size, emptySize } = chooser(page, language);
    await expect(emptySize(empty.value)).toBeVisible();
    expect(await struckThrough(emptySize(empty.value)), `${empty.value} struck through`).toBe(true);
    for (const other of tool.variants.filter((v) => v !== empty)) {
      await expect(size(other.value)).toBeVisible();
      expect(await struckThrough(size(other.value)), `${other.value} not struck through`).toBe(false);
    }
    // The page with it chosen: Stock Out, and no way to buy it.
    await emptySize(empty.value).click();
    await expectChosen(page, tool, empty, language);
    await expect(emptySize(empty.value)).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("button", { name: t.product.buy })).toHaveCount(0);
    await expect(page.getByRole("button", { name: t.cart.add })).toHaveCount(0);
    await expect(page.getByLabel(t.product.quantity)).toHaveCount(0);
    await expect(page.getByTestId("per-order-limit")).toHaveCount(0);
    // The page opened at its address shows the same.
    await openScreen(page, `${detail(tool.id)}?variant=${empty.id}`);
    await expectChosen(page, tool, empty, language);
    await expect(page.getByRole("button", { name: t.product.buy })).toHaveCount(0);
  }
});

test("the shop's card of a tool in widths says 'from' its lowest price and leads to its page", async ({
  page,
  context,
  store,
}) => {
  // The first width is not the cheapest: the card names the lowest price of all.
  const tool = await store.addSizedTool("Bench Chisel", [
    { value: "6 mm", price: 480, stock: 100 },
    { value: "12 mm", price: 395, stock: 100 },
    { value: "18 mm", price: 610, stock: 100 },
  ]);
  for (const language of ["en", "bn"] as const) {
    const t = WORDS[language];
    const name = nameIn(tool, language);
    await inLanguage(context, language);
    await openScreen(page, `/shop?q=${encodeURIComponent(tool.name)}`);
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("product-price")).toHaveText(
      t.product.from.replace("{{price}}", money(395, language)),
    );
    // No unnamed width goes into the cart from the card.
    await expect(card.getByRole("button")).toHaveCount(0);
    const link = card.getByRole("link", { name: t.product.chooseLabel.replace("{{name}}", name), exact: true });
    await expect(link).toHaveText(t.product.chooseLink);
    await link.click();
    await expect(page).toHaveURL(`${BASE_URL}${detail(tool.id)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(chooser(page, language).group.getByRole("link")).toHaveCount(3);
  }
});

/** Edit Product's variants form, and a row of it by its legend ('Variant 1', 'New variant'). */
function variantsForm(page: Page, language: Language = "en") {
  const words = PAGES[language].adminPages;
  const region = page.getByRole("region", { name: words.variantsTitle });
  const row = (legend: string, nth = 0) => {
    const group = region.getByRole("group", { name: legend, exact: true }).nth(nth);
    return {
      group,
      sku: group.getByLabel(words.variantSku, { exact: true }),
      value: group.getByLabel(WIDTH.en, { exact: true }),
      price: group.getByLabel(words.variantPrice, { exact: true }),
      stock: group.getByLabel(words.variantStock, { exact: true }),
      minimum: group.getByLabel(words.variantMinimum, { exact: true }),
      weight: group.getByLabel(words.variantWeight, { exact: true }),
    };
  };
  return {
    region,
    optionName: region.getByLabel(words.optionName.replace("{{n}}", "1"), { exact: true }),
    optionNameBn: region.getByLabel(words.optionNameBn.replace("{{n}}", "1"), { exact: true }),
    optionValues: region.getByLabel(words.optionValues.replace("{{n}}", "1"), { exact: true }),
    first: row(words.variantRow.replace("{{n}}", "1")),
    newRow: (nth: number) => row(words.newVariantRow, nth),
    save: region.getByRole("button", { name: words.saveVariants, exact: true }),
  };
}

type Row = ReturnType<typeof variantsForm>["first"];

async function fillRow(row: Row, v: { sku: string; value: string; price: number; stock: number }) {
  await row.sku.fill(v.sku);
  await row.value.fill(v.value);
  await row.price.fill(String(v.price));
  await row.stock.fill(String(v.stock));
  await row.minimum.fill(String(MINIMUM));
  await row.weight.fill("150");
}

test("an admin gives a tool its widths in Edit Product; a bad SKU is refused beside its field, as typed", async ({
  page,
  store,
}) => {
  const tool = await store.addTool("Cranked Paring Chisel");
  const sku = (n: number) => `CP${tool.tag}-${n}`.toUpperCase();
  await signInViaApi(page.request, DEMO_ADMIN);
  await openScreen(page, `/dashboard/manageproduct/${tool.id}`);
  const form = variantsForm(page);
  await expect(form.first.sku).toHaveValue(/^RND-[0-9A-F]{12}$/);

  await form.optionName.fill(WIDTH.en);
  await form.optionNameBn.fill(WIDTH.bn);
  await form.optionValues.fill("6 mm, 12 mm, 18 mm");
  // Each row's field for the option's value takes the option's name as it is typed: one save does it all.
  await expect(form.first.value).toBeVisible();

  const rows = [
    { row: form.first, sku: sku(6), value: "6 mm", price: 450, stock: 80 },
    { row: form.newRow(0), sku: "has space", value: "12 mm", price: 520, stock: 60 },
    { row: form.newRow(1), sku: sku(18), value: "18 mm", price: 610, stock: 0 },
  ];
  for (const { row, ...v } of rows) await fillRow(row, v);
  await form.save.click();

  const said = MESSAGES.en.variant_edit.sku_invalid;
  const bad = form.newRow(0);
  await expect(bad.sku).toHaveAttribute("aria-invalid", "true");
  await expect(bad.sku).toHaveAccessibleDescription(said);
  await expect(bad.group.getByText(said)).toBeVisible();
  // Only that field is at fault; everything typed is as it was.
  await expect(form.region.locator("[aria-invalid=true]")).toHaveCount(1);
  await expect(form.optionName).toHaveValue(WIDTH.en);
  await expect(form.optionNameBn).toHaveValue(WIDTH.bn);
  await expect(form.optionValues).toHaveValue("6 mm, 12 mm, 18 mm");
  for (const { row, ...v } of rows) {
    await expect(row.sku).toHaveValue(v.sku);
    await expect(row.value).toHaveValue(v.value);
    await expect(row.price).toHaveValue(String(v.price));
    await expect(row.stock).toHaveValue(String(v.stock));
  }
  // Nothing was saved: the tool is still sold in one form.
  expect((await store.variantsOf(tool.id)).map((v) => v.options)).toEqual([{}]);

  await bad.sku.fill(sku(12));
  await form.save.click();
  await expect(toast(page, MESSAGES.en.product.updated)).toBeVisible();
  await expect(bad.sku).not.toHaveAttribute("aria-invalid");
  expect((await store.variantsOf(tool.id)).map((v) => [v.sku, v.options, v.price, v.Availability])).toEqual([
    [sku(6), { Width: "6 mm" }, 450, 80],
    [sku(12), { Width: "12 mm" }, 520, 60],
    [sku(18), { Width: "18 mm" }, 610, 0],
  ]);

  // The product page offers the three widths.
  await openScreen(page, detail(tool.id));
  const { group, size, emptySize } = chooser(page, "en");
  await expect(group.getByRole("link")).toHaveText(["6 mm", "12 mm", /18 mm/]);
  await expect(page.getByTestId("sku")).toHaveText(sku(6));
  await size("12 mm").click();
  await expect(page.getByTestId("price")).toHaveText("Tk 520 per piece");
  await expect(page.getByTestId("sku")).toHaveText(sku(12));
  await expect(page.getByTestId("availability")).toHaveText("60 Pieces");
  await expect(emptySize("18 mm")).toBeVisible();
  // In Bangla, under the option's Bangla name.
  await page.context().addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
  await page.reload();
  await expect(chooser(page, "bn").group.getByRole("link")).toHaveCount(3);
});

test.describe("accessibility", () => {
  for (const language of ["en", "bn"] as const) {
    test(`the product page with its widths, Edit Product's variants form and a sized tool's stock page have no serious finding (${language})`, async ({
      page,
      context,
      store,
    }) => {
      const tool = await store.addSizedTool("Fishtail Chisel");
      const twelve = tool.size("12 mm");
      await signInViaApi(page.request, DEMO_ADMIN);
      await inLanguage(context, language);
      const words = PAGES[language];

      await openScreen(page, detail(tool.id));
      await expect(chooser(page, language).group).toBeVisible();
      await expectAccessibleScreen(page, "/detail/:productId", "the widths to choose from");
      await openScreen(page, `${detail(tool.id)}?variant=${tool.size("25 mm").id}`);
      await expect(page.getByTestId("availability")).toHaveText(WORDS[language].product.stockOut);
      await expectAccessibleScreen(page, "/detail/:productId", "a width with no stock chosen");
      await page.setViewportSize({ width: 360, height: 740 });
      await openScreen(page, `${detail(tool.id)}?variant=${twelve.id}`);
      await expectAccessibleScreen(page, "/detail/:productId", "a width chosen, 360 px wide");
      await page.setViewportSize({ width: 1280, height: 800 });

      await openScreen(page, `/dashboard/manageproduct/${tool.id}`);
      const form = variantsForm(page, language);
      await expect(form.region.getByTestId("variant-row")).toHaveCount(SIZES.length + 2);
      await expectAccessibleScreen(page, "/dashboard/manageproduct/:productId", "the variants form");
      await form.first.sku.fill("has space");
      await form.save.click();
      await expect(form.first.sku).toHaveAttribute("aria-invalid", "true");
      await expect(form.first.sku).toHaveAccessibleDescription(MESSAGES[language].variant_edit.sku_invalid);
      await expectAccessibleScreen(page, "/dashboard/manageproduct/:productId", "a refusal beside a variant's SKU");

      // The stock page of a tool in widths: which width each change is for, in the form and in the ledger.
      await openScreen(page, `/dashboard/stock?product=${tool.id}`);
      const record = page.getByRole("form", { name: words.stockPage.record });
      const which = record.getByLabel(words.stockPage.variant, { exact: true });
      await which.selectOption({
        label: words.stockPage.variantChoice
          .replace("{{variant}}", twelve.value)
          .replace("{{sku}}", twelve.sku)
          .replace("{{stock}}", pieces(twelve.stock, language)),
      });
      await record.getByLabel(words.stockPage.change).fill("40");
      await record.getByRole("button", { name: words.stockPage.save, exact: true }).click();
      await expect(toast(page, MESSAGES[language].stock.recorded)).toBeVisible();
      const top = page.locator("tbody tr[data-reason]").first();
      await expect(top).toHaveAttribute("data-reason", "received");
      await expect(top.locator("td").nth(1)).toHaveText(twelve.value);
      expect((await store.variantsOf(tool.id)).map((v) => v.Availability)).toEqual(
        tool.variants.map((v) => (v === twelve ? v.stock + 40 : v.stock)),
      );
      await expectAccessibleScreen(page, "/dashboard/stock", "the ledger of a tool in widths");
    });
  }
});
