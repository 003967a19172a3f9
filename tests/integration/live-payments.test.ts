import { describe, expect, it } from "vitest";
import type { OrderJson } from "@server/orders";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { orderFor } from "../support/orders";
import { usePageApp, type PageContext } from "../support/page-app";

const BANNER = "Test mode — no real payments";
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };

async function html(t: PageContext, path: string, as?: TestAccount) {
  const res = await t.request(path, { headers: as ? asCookie(as) : {} });
  expect(res.status).toBe(200);
  return res.text();
}

function startCardPayment(t: PageContext, buyer: TestAccount, orderId: string) {
  return t.request("/api/create-payment-intent", jsonInit("POST", { orderId }, asBearer(buyer)));
}

function confirmTestCard(t: PageContext, clientSecret: string) {
  return t.request("/api/payments/test/confirm", jsonInit("POST", { clientSecret, card: GOOD_CARD }));
}

describe("a live store with no card provider", () => {
  const t = usePageApp({ DEMO_DATA: "false" });

  it("takes no test cards: no intent (409, saying why), and no test processor to confirm with (404)", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const started = await startCardPayment(t, buyer, orderId);
    expect(started.status).toBe(409);
    expect(await started.json()).toEqual({
      code: "payment.cards_not_set_up",
      message: "Card payment is not set up in this store. Please choose another way to pay.",
    });
    const confirmed = await confirmTestCard(t, `pi_test_x_secret_y`);
    expect(confirmed.status).toBe(404);
    const order = await t.request(`/api/order/${buyer.email}/${orderId}`, { headers: asBearer(buyer) });
    expect(((await order.json()) as OrderJson).paid).toBe(false);
  });

  it("shows no test-mode banner, and Pay Order offers cash on delivery without a card form", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    expect(await html(t, "/")).not.toContain(BANNER);
    const page = await html(t, `/dashboard/payment/${orderId}`, buyer);
    expect(page).toContain("Cash on delivery");
    expect(page).not.toContain("Pay now by card");
    expect(page).not.toContain(BANNER);
  });
});

describe("a live store that says PAYMENT_PROVIDER=test", () => {
  const t = usePageApp({ DEMO_DATA: "false", PAYMENT_PROVIDER: "test" });

  it("shows the test-mode banner on every page, and the orders it settles say so in the API and Manage Orders", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const orderId = await orderFor(t, buyer);
    const started = await startCardPayment(t, buyer, orderId);
    expect(started.status).toBe(200);
    const { clientSecret } = (await started.json()) as { clientSecret: string };
    expect((await confirmTestCard(t, clientSecret)).status).toBe(200);

    const res = await t.request(`/api/order/${buyer.email}/${orderId}`, { headers: asBearer(buyer) });
    expect(await res.json()).toMatchObject({ paid: true, paymentMethod: "test" });
    for (const path of ["/", "/blogs", `/dashboard/payment/${orderId}`]) {
      expect(await html(t, path, buyer)).toContain(BANNER);
    }
    const manage = await html(t, "/dashboard/manageorder", admin);
    expect(manage).toContain(BANNER);
    expect(manage).toContain("Test payment — no money taken");
  });
});

describe("the demo", () => {
  const t = usePageApp();

  it("runs the test-card processor and says so on every page", async () => {
    expect(t.services.payments?.name).toBe("test");
    expect(await html(t, "/")).toContain(BANNER);
  });
});
