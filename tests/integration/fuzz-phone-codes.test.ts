import { and, eq } from "drizzle-orm";
import { describe } from "vitest";
import { smsOutbox } from "@server/db/schema";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { call } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

describe("fuzzing the phone-code calls: never a 5xx, and a refused request changes no row", () => {
  const t = useTestApp({ COD_VERIFY_PHONE: "true" });
  const accounts = useFuzzAccounts(t);

  /** The owner's cash-on-delivery order awaiting confirmation, and the code sent to its phone. */
  const aCodeSent = async () => {
    const { id: productId } = await makeProduct(t);
    const placed = await call(t, accounts.owner, "POST", "/api/order", {
      productId,
      quantity: 20,
      delivery: TEST_DELIVERY,
    });
    const { insertedId: orderId } = (await placed.json()) as { insertedId: string };
    await call(t, accounts.owner, "POST", `/api/order/${orderId}/cash-on-delivery`);
    const [sms] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.orderId, orderId), eq(smsOutbox.kind, "phone_code")));
    return { orderId, code: sms!.params!.code! };
  };

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/order/{id}/phone-code", as: "owner", scene: aCodeSent, id: (s) => s.orderId!,
      ignored: { tables: ["public.request_limit"] } },
    // A wrong code is refused and spends one of the code's tries, by design: that count may change, nothing else.
    { call: "POST /api/order/{id}/phone-code/verify", as: "owner", scene: aCodeSent, id: (s) => s.orderId!, body: (s) => ({ code: s.code! }),
      ignored: { tables: ["public.request_limit"], columns: { "public.cod_phone_code": ["tries"] } } },
  ], accounts);
});
