import type { BrowserContext, Page } from "@playwright/test";
import { formatCount } from "../../shared/format";
import type { Language } from "../../shared/languages";
import { BASE_URL, newCustomer } from "./accounts";
import {
  cartLinkName,
  chargeTk,
  DEFAULT_RATES,
  demoTool,
  fillDelivery,
  goodsTk,
  inLanguage,
  type Line,
  MESSAGES,
  money,
  mainWidth,
  parcelGrams,
  pieces,
  toolName,
  WORDS,
} from "./checkout";
import { expect, test } from "./fixtures";
import { deliveryOfItsOwn, productNamed, toast, waitForHydration } from "./shop";

// The cart and checkout as a buyer meets them, in English and in Bangla, with and without JavaScript, and on a phone
// 360 px wide: a guest fills a cart from a product page and from shop cards, signs up, checks out with cash on
// delivery and sees the order's lines and delivery charge; a buyer pays a cart by card; the cart's lines change and
// go. The delivery charges are the ones a new store starts with: tests/e2e/delivery-charges.spec.ts, which changes
// them, runs after this file. The tools bought are ones whose stock no other test counts on (Manage Orders' tests
// need the Cabinet Rasp's, the home page's the Mortise Chisel's, Buy It Now's the Dovetail Saw's and the Mallet's),
// each in quantities the stock keeps room for whatever order the tests run in.

/** The tools one test buys: the first from its product page (at more than its minimum), two from shop cards. */
interface Cart {
  fromPage: Line;
  fromCards: [Line, Line];
}

const lineAmount = (line: Line) => demoTool(line.name).priceTk * line.quantity;

/** Waits, on a page that ships JavaScript, until it has taken over. */
async function ready(page: Page, scripted: boolean) {
  if (scripted) await waitForHydration(page);
}

/** The tool's own page: its quantity typed, then Add to cart. With JavaScript the page stays; without, the cart opens. */
async function addFromProductPage(page: Page, line: Line, language: Language, scripted: boolean, inCart: number) {
  const t = WORDS[language];
  const said = MESSAGES[language];
  const product = await productNamed(page.request, line.name);
  await page.goto(`/detail/${product._id}`);
  await ready(page, scripted);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(toolName(line.name, language));
  await page.getByLabel(t.product.quantity).fill(String(line.quantity));
  await page.getByRole("button", { name: t.cart.add, exact: true }).click();
  if (scripted) {
    await expect(toast(page, said.cart.added)).toBeVisible();
    await expect(page).toHaveURL(`${BASE_URL}/detail/${product._id}`);
  } else {
    await expect(page).toHaveURL(`${BASE_URL}/cart`);
    await expect(page.locator("main").getByRole("status")).toHaveText(said.cart.added);
  }
  await expect(page.getByTestId("nav-cart")).toHaveAccessibleName(cartLinkName(inCart + 1, language));
}

/** A shop card's Add to cart. The shop ships no JavaScript: the card's form posts, and the cart answers it. */
async function addFromShopCard(page: Page, line: Line, language: Language, inCart: number) {
  await page.goto("/shop");
  const name = toolName(line.name, language);
  await page.getByRole("button", { name: `${WORDS[language].cart.add}: ${name}`, exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cart`);
  await expect(page.locator("main").getByRole("status")).toHaveText(MESSAGES[language].cart.added);
  await expect(page.getByTestId("cart-line").filter({ hasText: name })).toBeVisible();
  await expect(page.getByTestId("nav-cart")).toHaveAccessibleName(cartLinkName(inCart + 1, language));
}

/** The cart page shows each line at its price, the subtotal, and the charge to a district it is asked for. */
async function expectCart(page: Page, lines: Line[], language: Language) {
  const t = WORDS[language];
  const rows = page.getByTestId("cart-line");
  await expect(rows).toHaveCount(lines.length);
  for (const line of lines) {
    const row = rows.filter({ hasText: toolName(line.name, language) });
    await expect(row.getByLabel(t.cart.quantity)).toHaveValue(String(line.quantity));
    await expect(row.getByTestId("line-total")).toHaveText(money(lineAmount(line), language));
  }
  await expect(page.getByTestId("cart-subtotal")).toHaveText(money(goodsTk(lines), language));
}

/** Checkout's lines: each tool, its pieces at its price, and its amount. */
async function expectCheckoutLines(page: Page, lines: Line[], language: Language) {
  const items = page.getByTestId("checkout-lines").getByRole("listitem");
  await expect(items).toHaveCount(lines.length);
  for (const line of lines) {
    const item = items.filter({ hasText: toolName(line.name, language) });
    await expect(item).toContainText(
      `${pieces(line.quantity, language)} × ${money(demoTool(line.name).priceTk, language)}`,
    );
    await expect(item).toContainText(money(lineAmount(line), language));
  }
  await expect(page.getByTestId("checkout-goods")).toHaveText(money(goodsTk(lines), language));
}

/** The order's view: every line, the goods, the delivery charge and the total. */
async function expectOrderLines(page: Page, lines: Line[], chargeOf: number, language: Language) {
  const t = WORDS[language];
  const table = page.getByTestId("order-lines");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(lines.length);
  for (const [i, line] of lines.entries()) {
    await expect(rows.nth(i).getByRole("cell")).toHaveText([
      "",
      toolName(line.name, language),
      money(demoTool(line.name).priceTk, language),
      pieces(line.quantity, language),
      money(lineAmount(line), language),
    ]);
  }
  const goods = goodsTk(lines);
  await expect(table.locator("tfoot tr")).toHaveText([
    `${t.order.payable}${money(goods, language)}`,
    `${t.order.deliveryCharge}${money(chargeOf, language)}`,
    `${t.order.total}${money(goods + chargeOf, language)}`,
  ]);
}

/** The label beside checkout's charge: the zone and the parcel's weight. */
function chargeLabel(language: Language, zone: keyof typeof DEFAULT_RATES, grams: number) {
  const t = WORDS[language];
  return t.checkout.deliveryFor
    .replace("{{zone}}", t.zones[zone])
    .replace("{{weight}}", `${formatCount(grams / 1000, language)} kg`);
}

/**
 * A guest fills a cart with three tools, signs up on the way to checkout, and has it delivered to Sylhet (outside
 * Dhaka) for cash on delivery; the order shows its three lines and the charge. Without JavaScript the districts of
 * the chosen division come with the page that answers the first Place order, and the charge with the order.
 */
async function guestBuysOnDelivery(
  page: Page,
  context: BrowserContext,
  { language, scripted, cart, phone = false }: { language: Language; scripted: boolean; cart: Cart; phone?: boolean },
) {
  const t = WORDS[language];
  const said = MESSAGES[language];
  const lines = [cart.fromPage, ...cart.fromCards];
  const grams = parcelGrams(lines);
  const charge = chargeTk(DEFAULT_RATES.outside_dhaka, grams);
  const goods = goodsTk(lines);
  const fits = async () => {
    if (phone) expect(await mainWidth(page), `${page.url()} fits 360 px`).toBeLessThanOrEqual(360);
  };
  await inLanguage(context, language);

  await addFromProductPage(page, cart.fromPage, language, scripted, 0);
  await addFromShopCard(page, cart.fromCards[0], language, 1);
  await addFromShopCard(page, cart.fromCards[1], language, 2);
  await ready(page, scripted);
  await expectCart(page, lines, language);
  await fits();

  // The charge for a district, before any address is given.
  await page.getByLabel(t.cart.estimateFor).selectOption("Sylhet");
  await page.getByRole("button", { name: t.cart.estimate }).click();
  await expect(page).toHaveURL(`${BASE_URL}/cart?district=Sylhet`);
  await expect(page.getByTestId("cart-delivery")).toHaveText(money(charge, language));
  await expect(page.getByTestId("cart-total")).toHaveText(money(goods + charge, language));

  // Checkout needs an account: the guest is asked to sign in, and signs up instead; the cart comes along.
  await page.getByRole("link", { name: t.cart.checkout, exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/login?redirectTo=%2Fcheckout`);
  await page.getByRole("link", { name: t.auth.signUp, exact: true }).click();
  const customer = newCustomer();
  await page.getByLabel(t.auth.name, { exact: true }).fill(customer.name);
  await page.getByLabel(t.auth.email).fill(customer.email);
  await page.getByLabel(t.auth.password).fill(customer.password);
  await page.getByRole("button", { name: t.auth.signUp, exact: true }).click();
  await expect(page.getByRole("button", { name: t.nav.logout })).toBeVisible();
  const cartLink = page.getByTestId("nav-cart");
  await expect(cartLink).toHaveAccessibleName(cartLinkName(3, language));
  await cartLink.click();
  await expectCart(page, lines, language);
  await page.getByRole("link", { name: t.cart.checkout, exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/checkout`);
  await ready(page, scripted);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.checkout.title);
  await expectCheckoutLines(page, lines, language);

  const delivery = { ...deliveryOfItsOwn(), division: "Sylhet", district: "Sylhet", address: "Zindabazar, Lane 4" };
  await fillDelivery(page, delivery, t, { district: scripted });
  if (scripted) {
    // The district chosen, the charge is reckoned for it: the zone and the parcel's weight, at the zone's rates.
    await expect(page.getByText(chargeLabel(language, "outside_dhaka", grams))).toBeVisible();
    await expect(page.getByTestId("checkout-delivery")).toHaveText(money(charge, language));
    await expect(page.getByTestId("checkout-total")).toHaveText(money(goods + charge, language));
  }
  await fits();
  await page.getByLabel(t.checkout.cod).check();
  await page.getByRole("button", { name: t.checkout.place }).click();
  if (scripted) {
    await expect(toast(page, said.order.placed)).toBeVisible();
  } else {
    // The page answers with what was typed, and the districts of the division chosen.
    await expect(page.getByText(said.delivery.district_required)).toBeVisible();
    await expect(page.getByLabel(t.delivery.name, { exact: true })).toHaveValue(delivery.name);
    await expect(page.getByLabel(t.delivery.phone)).toHaveValue(delivery.phone);
    await expect(page.getByLabel(t.delivery.address)).toHaveValue(delivery.address);
    await expect(page.getByLabel(t.checkout.cod)).toBeChecked();
    await page.getByLabel(t.delivery.district).selectOption(delivery.district);
    await page.getByRole("button", { name: t.checkout.place }).click();
  }

  await expect(page).toHaveURL(/\/dashboard\/order\/[0-9a-f-]{36}$/);
  await expectOrderLines(page, lines, charge, language);
  await expect(page.getByTestId("order-state")).toContainText(t.checkout.cod);
  await expect(page.getByTestId("confirmation-note")).toBeVisible();
  await expect(page.getByText(`${delivery.address}, Sylhet, Sylhet`)).toBeVisible();
  await fits();
  // The cart gave its lines to the order.
  await expect(cartLink).toHaveAccessibleName(cartLinkName(0, language));
}

/**
 * A signed-up buyer puts two tools in the cart and checks out to Dhaka by card, saving the address; Pay Order takes
 * the goods and the delivery charge with the test card. The address is offered at the next checkout, with its charge.
 */
async function buyerPaysByCard(
  page: Page,
  context: BrowserContext,
  { language, cart, phone = false }: { language: Language; cart: [Line, Line]; phone?: boolean },
) {
  const t = WORDS[language];
  const fits = async () => {
    if (phone) expect(await mainWidth(page), `${page.url()} fits 360 px`).toBeLessThanOrEqual(360);
  };
  const said = MESSAGES[language];
  const grams = parcelGrams(cart);
  const charge = chargeTk(DEFAULT_RATES.dhaka_city, grams);
  const goods = goodsTk(cart);
  await inLanguage(context, language);
  await page.goto("/register");
  const customer = newCustomer();
  await page.getByLabel(t.auth.name, { exact: true }).fill(customer.name);
  await page.getByLabel(t.auth.email).fill(customer.email);
  await page.getByLabel(t.auth.password).fill(customer.password);
  await page.getByRole("button", { name: t.auth.signUp, exact: true }).click();
  await expect(page.getByRole("button", { name: t.nav.logout })).toBeVisible();

  await addFromProductPage(page, cart[0], language, true, 0);
  await addFromShopCard(page, cart[1], language, 1);
  await page.getByRole("link", { name: t.cart.checkout, exact: true }).click();
  await expect(page).toHaveURL(`${BASE_URL}/checkout`);
  await waitForHydration(page);
  await expectCheckoutLines(page, cart, language);
  const delivery = {
    ...deliveryOfItsOwn(),
    division: "Dhaka",
    district: "Dhaka",
    address: "House 5, Road 27, Dhanmondi",
  };
  await fillDelivery(page, delivery, t);
  await expect(page.getByText(chargeLabel(language, "dhaka_city", grams))).toBeVisible();
  await expect(page.getByTestId("checkout-delivery")).toHaveText(money(charge, language));
  await expect(page.getByTestId("checkout-total")).toHaveText(money(goods + charge, language));
  await fits();
  await page.getByLabel(t.checkout.saveAddress).check();
  await expect(page.getByLabel(t.checkout.card, { exact: true })).toBeChecked();
  await page.getByRole("button", { name: t.checkout.place }).click();
  await expect(toast(page, said.order.placed)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").at(-1)!;

  // Pay Order: each line, the goods, the delivery charge and the total, which the card pays.
  const lines = page.getByRole("list", { name: t.payment.lines });
  for (const line of cart) {
    await expect(lines.getByRole("listitem").filter({ hasText: toolName(line.name, language) })).toContainText(
      `${pieces(line.quantity, language)} × ${money(demoTool(line.name).priceTk, language)} = ${money(lineAmount(line), language)}`,
    );
  }
  await expect(page.getByTestId("payment-total")).toHaveText(money(goods + charge, language));
  await expect(page.getByText(`${delivery.address}, Dhaka, Dhaka`)).toBeVisible();
  await fits();
  const pay = page.getByRole("button", { name: t.payment.pay, exact: true });
  await expect(pay).toBeEnabled();
  await page.getByLabel(t.payment.cardNumber).fill("4242 4242 4242 4242");
  await page.getByLabel(t.payment.expiry).fill("12 / 34");
  await page.getByLabel(t.payment.cvc).fill("123");
  await pay.click();
  await expect(page.getByText(t.payment.congrats)).toBeVisible();

  await page.goto("/dashboard/orders");
  const row = page.getByRole("row").filter({ has: page.locator(`a[href="/dashboard/order/${orderId}"]`) });
  await expect(row.getByTestId("more-lines")).toHaveText(t.orders.andMore.replace("{{n}}", formatCount(1, language)));
  await expect(row.getByTestId("with-delivery")).toHaveText(
    t.orders.withDelivery
      .replace("{{total}}", money(goods + charge, language))
      .replace("{{charge}}", money(charge, language)),
  );
  await expect(row.getByRole("button", { name: t.orders.paid })).toBeDisabled();

  // The saved address comes first at the next checkout, and the charge for it is there before anything is chosen.
  const square = await productNamed(page.request, cart[0].name);
  await page.goto(`/checkout?productId=${square._id}&quantity=${cart[0].quantity}`);
  await waitForHydration(page);
  const saved = page.getByRole("radiogroup", { name: t.checkout.saved });
  await expect(saved.getByRole("radio", { name: new RegExp(delivery.address) })).toBeChecked();
  const alone = parcelGrams([cart[0]]);
  await expect(page.getByTestId("checkout-delivery")).toHaveText(
    money(chargeTk(DEFAULT_RATES.dhaka_city, alone), language),
  );
  await expect(page.getByText(t.checkout.buyNowOnly)).toBeVisible();
}

/**
 * A guest's cart of two tools: one line's quantity changed (a quantity off the steps of 20 held back, the line kept
 * as it was), then each line removed, the navbar's count following, until the cart is empty.
 */
async function changeAndRemove(page: Page, context: BrowserContext, language: Language, scripted: boolean) {
  const t = WORDS[language];
  const said = MESSAGES[language];
  const saw = { name: "Coping Saw with 5 Spare Blades", quantity: 100 };
  const scraper = { name: "Card Scraper Set (3 pcs)", quantity: 100 };
  await inLanguage(context, language);
  await addFromShopCard(page, saw, language, 0);
  await addFromShopCard(page, scraper, language, 1);
  await ready(page, scripted);
  await expectCart(page, [saw, scraper], language);
  const rows = page.getByTestId("cart-line");
  const sawRow = rows.filter({ hasText: toolName(saw.name, language) });
  const answer = page.locator("main").getByRole("status");

  await sawRow.getByLabel(t.cart.quantity).fill("160");
  await sawRow.getByRole("button", { name: t.cart.update }).click();
  await expect(answer).toHaveText(said.cart.updated);
  if (scripted) await expect(toast(page, said.cart.updated)).toBeVisible();
  const changed = { ...saw, quantity: 160 };
  await expectCart(page, [changed, scraper], language);
  await expect(page.getByTestId("nav-cart")).toHaveAccessibleName(cartLinkName(2, language));

  // Off the steps of 20 from the minimum: the browser holds the form back, and the line stays as it was.
  const quantity = sawRow.getByLabel(t.cart.quantity);
  await quantity.fill("150");
  await sawRow.getByRole("button", { name: t.cart.update }).click();
  expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.stepMismatch)).toBe(true);
  await expect(answer).toHaveText(said.cart.updated);
  await expect(sawRow.getByTestId("line-total")).toHaveText(money(lineAmount(changed), language));
  await expect(page.getByTestId("cart-subtotal")).toHaveText(money(goodsTk([changed, scraper]), language));
  await quantity.fill("160");

  const scraperName = toolName(scraper.name, language);
  await rows
    .filter({ hasText: scraperName })
    .getByRole("button", { name: t.cart.removeLabel.replace("{{name}}", scraperName) })
    .click();
  await expect(answer).toHaveText(said.cart.removed);
  await expectCart(page, [changed], language);
  await expect(page.getByTestId("nav-cart")).toHaveAccessibleName(cartLinkName(1, language));

  const sawName = toolName(saw.name, language);
  await sawRow.getByRole("button", { name: t.cart.removeLabel.replace("{{name}}", sawName) }).click();
  await expect(answer).toHaveText(said.cart.removed);
  await expect(rows).toHaveCount(0);
  await expect(page.getByText(t.cart.empty)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: t.cart.browse })).toHaveAttribute("href", "/shop");
  await expect(page.getByTestId("nav-cart")).toHaveAccessibleName(cartLinkName(0, language));
}

test.describe("with JavaScript", () => {
  test("a guest fills a cart from a product page and shop cards, signs up and pays on delivery in Sylhet", async ({
    page,
    context,
  }) => {
    await guestBuysOnDelivery(page, context, {
      language: "en",
      scripted: true,
      cart: {
        fromPage: { name: "Wheel Marking Gauge", quantity: 40 },
        fromCards: [
          { name: "Try Square 200 mm", quantity: 40 },
          { name: "Card Scraper Set (3 pcs)", quantity: 100 },
        ],
      },
    });
  });

  test("in Bangla: a guest's cart of three tools, signed up on the way, cash on delivery in Sylhet", async ({
    page,
    context,
  }) => {
    await guestBuysOnDelivery(page, context, {
      language: "bn",
      scripted: true,
      cart: {
        fromPage: { name: "Coping Saw with 5 Spare Blades", quantity: 120 },
        fromCards: [
          { name: "Try Square 200 mm", quantity: 40 },
          { name: "Ryoba Pull Saw 240 mm", quantity: 40 },
        ],
      },
    });
  });

  test("a cart line's quantity changes, a quantity off the steps is held back, and the lines go", async ({
    page,
    context,
  }) => {
    await changeAndRemove(page, context, "en", true);
  });

  test("a buyer pays a cart to Dhaka by card, and the saved address comes back at the next checkout", async ({
    page,
    context,
  }) => {
    await buyerPaysByCard(page, context, {
      language: "en",
      cart: [
        { name: "Ryoba Pull Saw 240 mm", quantity: 60 },
        { name: "Wheel Marking Gauge", quantity: 20 },
      ],
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("in Bangla: a cart line's quantity changes, a quantity off the steps is held back, and the lines go", async ({
    page,
    context,
  }) => {
    await changeAndRemove(page, context, "bn", false);
  });

  test("a guest fills a cart, signs up and pays on delivery in Sylhet, every step a form", async ({
    page,
    context,
  }) => {
    await guestBuysOnDelivery(page, context, {
      language: "en",
      scripted: false,
      cart: {
        fromPage: { name: "Ryoba Pull Saw 240 mm", quantity: 60 },
        fromCards: [
          { name: "Coping Saw with 5 Spare Blades", quantity: 100 },
          { name: "Wheel Marking Gauge", quantity: 20 },
        ],
      },
    });
  });

  test("in Bangla: a guest's cart, signed up on the way, cash on delivery in Sylhet, every step a form", async ({
    page,
    context,
  }) => {
    await guestBuysOnDelivery(page, context, {
      language: "bn",
      scripted: false,
      cart: {
        fromPage: { name: "Try Square 200 mm", quantity: 60 },
        fromCards: [
          { name: "Card Scraper Set (3 pcs)", quantity: 100 },
          { name: "Coping Saw with 5 Spare Blades", quantity: 100 },
        ],
      },
    });
  });
});

test.describe("360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a guest's cart, sign-up and cash on delivery fit a phone", async ({ page, context }) => {
    await guestBuysOnDelivery(page, context, {
      language: "en",
      scripted: true,
      phone: true,
      cart: {
        fromPage: { name: "Coping Saw with 5 Spare Blades", quantity: 140 },
        fromCards: [
          { name: "Try Square 200 mm", quantity: 40 },
          { name: "Ryoba Pull Saw 240 mm", quantity: 40 },
        ],
      },
    });
  });

  test("in Bangla: a guest's cart, sign-up and cash on delivery fit a phone", async ({ page, context }) => {
    await guestBuysOnDelivery(page, context, {
      language: "bn",
      scripted: true,
      phone: true,
      cart: {
        fromPage: { name: "Card Scraper Set (3 pcs)", quantity: 120 },
        fromCards: [
          { name: "Try Square 200 mm", quantity: 40 },
          { name: "Ryoba Pull Saw 240 mm", quantity: 40 },
        ],
      },
    });
  });

  test("in Bangla: a buyer pays a cart to Dhaka by card on a phone", async ({ page, context }) => {
    await buyerPaysByCard(page, context, {
      language: "bn",
      phone: true,
      cart: [
        { name: "Coping Saw with 5 Spare Blades", quantity: 120 },
        { name: "Try Square 200 mm", quantity: 40 },
      ],
    });
  });
});
