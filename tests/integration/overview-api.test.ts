import { beforeAll, describe, expect, it } from "vitest";
import { OverviewJson } from "@server/overview/wire";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { makeProduct } from "../support/orders";
import { useTestApp } from "../support/test-app";

describe("GET /api/overview", () => {
  const t = useTestApp();
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    customer = await signUp(t);
    const product = await makeProduct(t, { pricePoisha: 125_050, availability: 400, minimumQuantity: 20 });
    const res = await t.request(
      "/api/order",
      jsonInit("POST", { productId: product.id, quantity: 20 }, asBearer(customer)),
    );
    expect(res.status).toBe(200);
  });

  it("answers an admin the overview's figures, money in Tk, as its schema says", async () => {
    const res = await t.request("/api/overview?days=7", { headers: asBearer(admin) });
    expect(res.status).toBe(200);
    const body = OverviewJson.parse(await res.json());
    expect(body.days).toBe(7);
    expect(body.revenue).toHaveLength(7);
    // Today's order is placed, not yet paid: counted among the unpaid, no money kept.
    const today = body.orders.at(-1)!;
    expect(today.byStatus.unpaid).toBe(1);
    expect(body.revenue.every((d) => d.amount === 0)).toBe(true);
  });

  it("takes 30 days when none is given", async () => {
    const res = await t.request("/api/overview", { headers: asBearer(admin) });
    expect(((await res.json()) as { days: number }).days).toBe(30);
  });

  it("refuses a period the page does not offer with 400", async () => {
    const res = await t.request("/api/overview?days=5", { headers: asBearer(admin) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("list.days_invalid");
  });

  it("answers a customer 403 and a visitor 401", async () => {
    expect((await t.request("/api/overview", { headers: asBearer(customer) })).status).toBe(403);
    expect((await t.request("/api/overview")).status).toBe(401);
  });
});
