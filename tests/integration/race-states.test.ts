import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "@server/db/schema";
import { raceConflict } from "@server/errors";
import { M } from "@shared/messages";
import { asBearer, jsonInit, signUp } from "../support/accounts";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

describe("the database's refusals a race can raise", () => {
  const t = useTestApp();

  it("answers a row deleted while another still refers to it (ON DELETE RESTRICT) as 'changed meanwhile'", async () => {
    const buyer = await signUp(t);
    const { id } = await makeProduct(t, { availability: 1_000 });
    const placed = await t.request(
      "/api/order",
      jsonInit("POST", { productId: id, quantity: 20, delivery: TEST_DELIVERY }, asBearer(buyer)),
    );
    expect(placed.status).toBe(200);
    // The delete a use case would run had its check come before the order.
    const refused = await t.database.db
      .delete(user)
      .where(eq(user.email, buyer.email))
      .then(() => null)
      .catch((err: unknown) => err);
    expect(refused).not.toBeNull();
    expect(raceConflict(refused)).toMatchObject({ kind: "conflict", code: M.request.changed_meanwhile });
    expect(await t.database.db.select().from(user).where(eq(user.email, buyer.email))).toHaveLength(1);
  });
});
