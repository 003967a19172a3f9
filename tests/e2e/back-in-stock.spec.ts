import type { Browser, Page } from "@playwright/test";
import { enBackInStock } from "../../shared/words/en-back-in-stock";
import { bnBackInStock } from "../../shared/words/bn-back-in-stock";
import { enBackInStockMessages } from "../../shared/words/en-back-in-stock-messages";
import { bnBackInStockMessages } from "../../shared/words/bn-back-in-stock-messages";
import { BASE_URL, DEMO_ADMIN, latestMailTo, signIn } from "./accounts";
import { test, unique } from "./added-tools";
import { expectAccessibleScreen, openScreen } from "./axe";
import { inLanguage, mainWidth, MESSAGES } from "./checkout";
import { expect } from "./fixtures";
import { toast } from "./shop";

// "Tell me when it is back" on a Stock Out tool's page: a plain form the server draws, which works the same with
// JavaScript and without (docs/decisions/0038-back-in-stock.md). Each test makes Stock Out tools of its own and
// removes them when it ends; while they exist the shop shows them, so this file runs with the tests that change the
// home page (the "home-changing" project of playwright.config.ts).

const WORDS = { en: enBackInStock.backInStock, bn: bnBackInStock.backInStock };
const SAID = { en: enBackInStockMessages.back_in_stock, bn: bnBackInStockMessages.back_in_stock };
type Language = keyof typeof WORDS;

/** A phone-sized page in `language`, with JavaScript or without. */
async function visitor(browser: Browser, language: Language, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled });
  await inLanguage(context, language);
  return context.newPage();
}

/** The tool's page, hydrated when the page runs JavaScript. */
async function openTool(page: Page, id: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) return openScreen(page, `/detail/${id}`);
  expect((await page.goto(`/detail/${id}`))?.status()).toBe(200);
}

function backInStockForm(page: Page, language: Language) {
  const form = page.getByTestId("back-in-stock");
  return {
    form,
    contact: form.getByLabel(WORDS[language].label, { exact: true }),
    send: form.getByRole("button", { name: WORDS[language].button, exact: true }),
    said: form.locator("#back-in-stock-said"),
  };
}

for (const [language, javaScriptEnabled] of [
  ["en", true],
  ["bn", false],
  ["en", false],
  ["bn", true],
] as const) {
  test(`a visitor asks to be told on a Stock Out tool (${language}, ${javaScriptEnabled ? "with" : "without"} JavaScript, 360 px)`, async ({
    browser,
    addTool,
  }) => {
    // A phone's page, axe twice and three posts: more than a page's usual time on a busy machine.
    test.slow();
    const id = await addTool({ name: unique("Empty Bench Hook"), stock: 0 });
    const page = await visitor(browser, language, javaScriptEnabled);
    await openTool(page, id, javaScriptEnabled);
    const fields = backInStockForm(page, language);
    await expect(fields.form.getByRole("heading", { name: WORDS[language].title })).toBeVisible();
    await expect(page.getByRole("button", { name: language === "en" ? "Buy It Now" : "এখনই কিনুন" })).toHaveCount(0);
    // axe runs in the page's own JavaScript: checked where the page has it (the markup is the same without).
    if (javaScriptEnabled) await expectAccessibleScreen(page, "/detail/:productId", "Tell me when it is back");
    expect(await mainWidth(page)).toBeLessThanOrEqual(360);

    // A number that is not a Bangladeshi mobile: refused beside the field, what was typed kept.
    await fields.contact.fill("0171234");
    await fields.send.click();
    await expect(fields.said).toHaveText(MESSAGES[language].delivery.phone_invalid);
    await expect(fields.contact).toHaveValue("0171234");
    await expect(fields.contact).toHaveAttribute("aria-invalid", "true");
    if (javaScriptEnabled) await expectAccessibleScreen(page, "/detail/:productId", "a refused number");

    // An e-mail address: kept, and they are told they will hear once.
    const email = `waiting-${unique("at").replace(/\W/g, "")}@example.test`;
    await fields.contact.fill(email);
    await fields.send.click();
    await expect(fields.said).toHaveText(SAID[language].asked_email);
    await expect(fields.said).toHaveAttribute("role", "status");
    // Asked again: the same answer.
    await fields.send.click();
    await expect(fields.said).toHaveText(SAID[language].asked_email);
    await page.context().close();
  });
}

test("an admin receives stock, and the message to the one waiting leaves the outbox in their language", async ({
  browser,
  page,
  addTool,
}) => {
  test.slow();
  const name = unique("Empty Try Square");
  const id = await addTool({ name, nameBn: `শূন্য ${name}`, stock: 0 });
  const waiting = await visitor(browser, "bn", false);
  await openTool(waiting, id, false);
  const email = `back-${unique("at").replace(/\W/g, "")}@example.test`;
  const fields = backInStockForm(waiting, "bn");
  await fields.contact.fill(email);
  await fields.send.click();
  await expect(fields.said).toHaveText(SAID.bn.asked_email);
  await waiting.context().close();

  await page.goto(`/login?redirectTo=${encodeURIComponent(`/dashboard/stock?product=${id}`)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`/dashboard/stock\\?product=${id}$`));
  const form = page.getByRole("form", { name: "Record a change" });
  await form.getByLabel("Change in pieces (+ adds, − takes away)").fill("40");
  await form.getByRole("button", { name: "Record", exact: true }).click();
  await expect(toast(page, "Stock recorded")).toBeVisible();

  // The demo keeps its e-mails in DATA_DIR/outbox: the outbox job sends it within a poll.
  await expect.poll(() => latestMailTo(email)?.subject, { timeout: 15_000 }).toBe(`স্টকে ফিরেছে: শূন্য ${name} · রান্দা`);
  expect(latestMailTo(email)!.text).toContain(`${BASE_URL}/detail/${id}`);
});
