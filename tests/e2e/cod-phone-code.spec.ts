import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { newCustomer } from "./accounts";
import { expectNoSeriousA11yFindings } from "./axe";
import { expect, test } from "./fixtures";
import { toast, waitForHydration } from "./shop";
import { checkoutOpened } from "./checkout";

/**
 * COD_VERIFY_PHONE is a start-up setting and the suite's store runs without it, so this file starts a store of its
 * own with it on (the built store, as the suite's, on a fresh embedded database with the demo catalog), one port
 * above the suite's. The code is read where a shop without an SMS account finds it: the demo's kept SMS, printed in
 * the store's output.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173) + 1;
const BASE = `http://127.0.0.1:${PORT}`;

// A store of its own, on a busy machine: each test buys through the pages first.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let store: ChildProcess | undefined;
let dataDir: string | undefined;
let output = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "randa-e2e-phone-code-"));
  store = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BASE_URL: BASE,
      AUTH_SECRET: "e2e-secret-that-is-long-enough-0123456789",
      LOG_LEVEL: "warn",
      COD_VERIFY_PHONE: "true",
      // The outbox is looked at every second: the code is in the output soon after the order is placed.
      MAIL_POLL_SECONDS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  store.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  store.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const up = () => output.includes(`Randa is serving ${BASE}`) || store!.exitCode !== null;
  await expect.poll(up, { timeout: 170_000 }).toBe(true);
  expect(store.exitCode, output).toBeNull();
});

test.afterAll(async () => {
  if (store && store.exitCode === null) {
    const exited = new Promise((resolve) => store!.once("exit", resolve));
    store.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The codes the store's kept SMS printed, oldest first. */
const codesPrinted = () => [...output.matchAll(/\[sms\][^\n]*\n[^\n]*\n\n[^\n]*?\b(\d{6})\b/g)].map((m) => m[1]!);

/** The next code printed after the `before` codes already seen. */
async function nextCode(before: number): Promise<string> {
  await expect.poll(() => codesPrinted().length, { timeout: 20_000 }).toBeGreaterThan(before);
  return codesPrinted()[before]!;
}

/** A buyer of the store's own, signed in in the page's browser, who bought a plane for cash on delivery. */
async function buyForCashOnDelivery(page: Page) {
  const customer = newCustomer();
  const res = await page.request.post(`${BASE}/api/auth/sign-up/email`, { data: customer, headers: { Origin: BASE } });
  expect(res.ok(), await res.text()).toBe(true);
  await page.goto(`${BASE}/`);
  await page.getByRole("link", { name: "Product Detail: Low-Angle Block Plane" }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Buy It Now" }).click();
  await checkoutOpened(page);
  await page.getByLabel("Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Mobile number").fill("01812 345678");
  await page.getByLabel("Division").selectOption("Chattogram");
  await page.getByLabel("District").selectOption("Cumilla");
  await page.getByLabel("Address (house, road, area)").fill("House 7, Kandirpar");
  await page.getByLabel("Cash on delivery").check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/order\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return customer;
}

/** The same purchase through the API (for a browser without JavaScript), and the order's page opened. */
async function orderedThroughApi(page: Page) {
  const customer = newCustomer();
  const headers = { Origin: BASE };
  expect((await page.request.post(`${BASE}/api/auth/sign-up/email`, { data: customer, headers })).ok()).toBe(true);
  const products = (await (await page.request.get(`${BASE}/api/product?q=Low-Angle`)).json()) as { _id: string }[];
  const delivery = {
    name: customer.name,
    phone: "01812345678",
    division: "Chattogram",
    district: "Cumilla",
    address: "House 7",
  };
  const placed = await page.request.post(`${BASE}/api/order`, {
    data: { productId: products[0]!._id, quantity: 20, delivery },
    headers,
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  expect((await page.request.post(`${BASE}/api/order/${insertedId}/cash-on-delivery`, { headers })).ok()).toBe(true);
  await page.goto(`${BASE}/dashboard/order/${insertedId}`);
}

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

test("the buyer confirms cash on delivery with the code sent to the phone: a wrong one, then the right one", async ({
  page,
}) => {
  const before = codesPrinted().length;
  await buyForCashOnDelivery(page);
  const form = page.getByTestId("phone-code");
  await expect(form.getByRole("heading", { name: "Confirm your order by phone" })).toBeVisible({ timeout: 20_000 });
  await expect(form).toContainText("We sent a 6-digit code to 01812345678.");
  await expectNoSeriousA11yFindings(page, "the order view with the phone code's form");
  const code = await nextCode(before);

  await form.getByLabel("The code").fill(otherThan(code));
  await form.getByRole("button", { name: "Confirm order" }).click();
  await expect(form.getByText("That code is not right. Tries left: 4")).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel("The code")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yFindings(page, "the phone code's form, refused");

  await form.getByLabel("The code").fill(code);
  await form.getByRole("button", { name: "Confirm order" }).click();
  await expect(toast(page, "Thank you: your order is confirmed")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("phone-code")).toHaveCount(0);
  await expect(page.getByTestId("history")).toContainText("Confirmed with the code sent to the delivery phone");
});

test("the buyer asks for the code again, and confirms with the new one", async ({ page }) => {
  const before = codesPrinted().length;
  await buyForCashOnDelivery(page);
  const old = await nextCode(before);
  const form = page.getByTestId("phone-code");
  await form.getByRole("button", { name: "Send the code again" }).click();
  await expect(form.getByRole("status")).toHaveText("A code is on its way to 01812345678");
  const fresh = await nextCode(before + 1);
  if (fresh !== old) {
    await form.getByLabel("The code").fill(old);
    await form.getByRole("button", { name: "Confirm order" }).click();
    await expect(form.getByText("That code is not right. Tries left: 4")).toBeVisible({ timeout: 20_000 });
  }
  await form.getByLabel("The code").fill(fresh);
  await form.getByRole("button", { name: "Confirm order" }).click();
  await expect(toast(page, "Thank you: your order is confirmed")).toBeVisible({ timeout: 20_000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the page, answers beside the field, keeps no code, and confirms", async ({ page }) => {
    const before = codesPrinted().length;
    await orderedThroughApi(page);
    const code = await nextCode(before);
    const form = page.getByTestId("phone-code");
    await form.getByLabel("The code").fill(otherThan(code));
    await form.getByRole("button", { name: "Confirm order" }).click();
    await expect(page.getByTestId("phone-code").getByText("That code is not right. Tries left: 4")).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId("phone-code").getByLabel("The code")).toHaveValue("");

    await page.getByTestId("phone-code").getByLabel("The code").fill(code);
    await page.getByTestId("phone-code").getByRole("button", { name: "Confirm order" }).click();
    await expect(page.getByTestId("phone-code")).toHaveCount(0);
    await expect(page.getByTestId("history")).toContainText("Confirmed with the code sent to the delivery phone");
  });
});
