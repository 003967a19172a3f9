import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consignment } from "@server/db/schema";
import { shopOverview } from "@server/overview";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { as } from "../support/contexts";
import { sessionUserOf } from "../support/use-case-actors";
import { call, payByTestCard } from "../support/order-money";
import { orderFor } from "../support/orders";
import { browserHeaders, usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";

const PATH = "/dashboard/payouts";

/** Payouts as a browser without JavaScript uses it: the parcels a courier holds, ticked, and the amount posted. */
describe("the courier payouts page (/dashboard/payouts)", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    customer = await signUp(t);
  });

  /**
   * A shipped order whose parcel Steadfast delivered and whose cash it collected: 1,200 Tk less a 60 Tk fee. Written
   * directly, as the courier's news would leave it (courier-payouts.test.ts takes the news through the webhook).
   */
  async function aParcelWithCash(collected = 120_000, fee = 6_000) {
    const orderId = await orderFor(t, customer);
    await payByTestCard(t, customer, orderId);
    expect((await call(t, admin, "PUT", `/api/order/${orderId}/status`, { status: "shipped" })).status).toBe(200);
    const ref = String(Math.floor(Math.random() * 1e9));
    await t.database.db.insert(consignment).values({
      orderId,
      courier: "steadfast",
      state: "delivered",
      consignmentRef: ref,
      trackingCode: `T${randomUUID().slice(0, 8).toUpperCase()}`,
      courierStatus: "delivered",
      codPoisha: collected,
      collectedPoisha: collected,
      feePoisha: fee,
      collectedAt: new Date(),
    });
    return orderId;
  }

  const page = async (who?: TestAccount, language?: "bn", query = "") => {
    const res = await t.request(`${PATH}${query}`, { headers: browserHeaders(who, language), redirect: "manual" });
    return { status: res.status, location: res.headers.get("location"), html: await res.text() };
  };

  const payoutOf = async (orderId: string) =>
    (await t.database.db.select().from(consignment).where(eq(consignment.orderId, orderId)))[0]!.payoutId;

  it("lists the parcels whose cash Steadfast holds, with what it owes, in English and Bangla", async () => {
    const orderId = await aParcelWithCash();
    const { status, html } = await page(admin);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Courier payouts");
    expect(text).toContain("Parcels whose cash Steadfast holds");
    expect(html).toMatch(new RegExp(`<input[^>]*name="orders"[^>]*value="${orderId}"`));
    expect(text).toMatch(/Tk\s?1,140/);
    const bn = await page(admin, "bn");
    expect(bn.status).toBe(200);
    expect(textOf(bn.html)).toContain("কুরিয়ারের পেমেন্ট");
    expect(textOf(bn.html)).toContain("যে পার্সেলগুলোর টাকা স্টেডফাস্ট-এর কাছে আছে");
  });

  it("records a payout that adds up, and says beside the amount what it should be when it does not", async () => {
    const a = await aParcelWithCash();
    const b = await aParcelWithCash(50_000, 6_000);

    const wrong = await readAnswer(
      await t.postForm(PATH, { courier: "steadfast", orders: [a, b], amount: "1500", reference: "SF-9" }, admin),
    );
    expect(wrong.status).toBe(409);
    expect(Object.keys(wrong.formErrors)).toEqual(["amount"]);
    expect(wrong.formErrors["amount"]).toContain("1580");
    expect((wrong.data as { values: Record<string, string> }).values).toMatchObject({
      amount: "1500",
      reference: "SF-9",
      orders: `${a} ${b}`,
    });
    expect(await payoutOf(a)).toBeNull();

    const right = await readAnswer(
      await t.postForm(PATH, { courier: "steadfast", orders: [a, b], amount: "1580", reference: "SF-9" }, admin),
    );
    expect(right.done).toBe(true);
    expect(right.toast?.message).toBe("Payout recorded");
    expect(await payoutOf(a)).not.toBeNull();
    expect(await payoutOf(b)).toBe(await payoutOf(a));
    const { html } = await page(admin);
    expect(html).not.toMatch(new RegExp(`value="${a}"`));
    expect(html).toContain('data-testid="payout-row"');
  });

  it("names, beside the parcels, the orders whose cash the courier does not hold", async () => {
    const a = await aParcelWithCash();
    await t.postForm(PATH, { courier: "steadfast", orders: [a], amount: "1140" }, admin);
    const again = await readAnswer(
      await t.postForm(PATH, { courier: "steadfast", orders: [a], amount: "1140" }, admin),
    );
    expect(again.status).toBe(409);
    expect(Object.keys(again.formErrors)).toEqual(["orders"]);
  });

  it("refuses a customer and sends a stranger to sign in, recording nothing", async () => {
    const a = await aParcelWithCash();
    expect((await page(customer)).status).toBe(403);
    const stranger = await page();
    expect(stranger.status).toBe(302);
    expect(stranger.location).toContain("/login");
    const byCustomer = await readAnswer(
      await t.postForm(PATH, { courier: "steadfast", orders: [a], amount: "1140" }, customer),
    );
    expect(byCustomer.refused).toBe(true);
    expect(await payoutOf(a)).toBeNull();
  });

  it("shows the cash couriers hold and the fees of the period's payouts on the overview", async () => {
    const ctx = as(t, await sessionUserOf(t, admin));
    const before = await shopOverview(ctx, { days: "7" });
    const a = await aParcelWithCash(80_000, 5_000);
    const held = await shopOverview(ctx, { days: "7" });
    expect(held.couriers.held).toEqual({
      count: before.couriers.held.count + 1,
      poisha: before.couriers.held.poisha + 80_000,
    });
    await t.postForm(PATH, { courier: "steadfast", orders: [a], amount: "750" }, admin);
    const paid = await shopOverview(ctx, { days: "7" });
    expect(paid.couriers.held).toEqual(before.couriers.held);
    expect(paid.couriers.fees).toEqual({
      count: before.couriers.fees.count + 1,
      poisha: before.couriers.fees.poisha + 5_000,
    });
    const html = await (await t.request("/dashboard/overview", { headers: browserHeaders(admin) })).text();
    expect(html).toContain('data-testid="tile-courier-cash"');
    expect(html).toContain('data-testid="tile-courier-fees"');
  });
});
