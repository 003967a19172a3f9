import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteCustomer } from "@server/accounts";
import type { Db } from "@server/db/client";
import { order, user } from "@server/db/schema";
import { M } from "@shared/messages";
import { asBearer, jsonInit, signUp, signUpAdmin } from "../support/accounts";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

describe("Delete User while its customer orders", () => {
  const t = useTestApp();

  it("answers 'has orders' when an order lands between the check and the delete, and keeps both", async () => {
    const admin = await signUpAdmin(t);
    const buyer = await signUp(t);
    const { id } = await makeProduct(t, { availability: 1_000 });
    // The database as the use case sees it, with the buyer's order placed just before its delete runs.
    const db = new Proxy(t.database.db, {
      get(target, prop) {
        if (prop !== "delete") return Reflect.get(target, prop, target) as unknown;
        return (...args: Parameters<Db["delete"]>) => ({
          where: async (...where: Parameters<ReturnType<Db["delete"]>["where"]>) => {
            const res = await t.request(
              "/api/order",
              jsonInit("POST", { productId: id, quantity: 20, delivery: TEST_DELIVERY }, asBearer(buyer)),
            );
            expect(res.status).toBe(200);
            return target.delete(...args).where(...where);
          },
        });
      },
    });
    await expect(deleteCustomer(db, await sessionUserOf(t, admin), buyer.email)).rejects.toMatchObject({
      kind: "conflict",
      code: M.user.has_orders,
    });
    const [kept] = await t.database.db.select().from(user).where(eq(user.email, buyer.email));
    expect(kept).toBeDefined();
    expect(await t.database.db.select().from(order).where(eq(order.buyerId, kept!.id))).toHaveLength(1);
  });
});
