import { describe } from "vitest";
import { asBearer } from "../support/accounts";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { makeProduct, orderFor, oweCashBack, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

describe("fuzzing the order calls: never a 5xx, and a refused request changes no row", () => {
  const t = useTestApp();
  const accounts = useFuzzAccounts(t);

  const aProduct = async () => ({ productId: (await makeProduct(t)).id });
  const anOrder = async () => ({ orderId: await orderFor(t, accounts.owner) });
  const aCashOnDeliveryOrder = async () => {
    const { orderId } = await anOrder();
    await t.request(`/api/order/${orderId}/cash-on-delivery`, { method: "POST", headers: asBearer(accounts.owner) });
    return { orderId };
  };

  const aRefundDue = async () => {
    const s = await aCashOnDeliveryOrder();
    await oweCashBack(t, s.orderId);
    return s;
  };

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/order",                       as: "owner", scene: aProduct,             body: (s) => ({ productId: s.productId, quantity: 20, delivery: TEST_DELIVERY }), ignored: CALLS_COUNTED },
    { call: "DELETE /api/order/{id}",                as: "owner", scene: anOrder,              id: (s) => s.orderId! },
    { call: "DELETE /api/order/{id}",                as: "admin", scene: aCashOnDeliveryOrder, id: (s) => s.orderId!, body: () => ({ reason: "The tool is discontinued." }) },
    { call: "POST /api/order/{id}/refund",           as: "admin", scene: aRefundDue,           id: (s) => s.orderId! },
    { call: "PUT /api/order/{id}/delivery",          as: "owner", scene: anOrder,              id: (s) => s.orderId!, body: () => ({ ...TEST_DELIVERY, buyerBin: "004455667-0202" }) },
    { call: "POST /api/order/{id}/cash-on-delivery", as: "owner", scene: anOrder,              id: (s) => s.orderId! },
    { call: "POST /api/order/{id}/collect",          as: "admin", scene: aCashOnDeliveryOrder, id: (s) => s.orderId! },
    { call: "POST /api/order/{id}/confirm",          as: "admin", scene: aCashOnDeliveryOrder, id: (s) => s.orderId! },
    { call: "PUT /api/order/{id}/status",            as: "admin", scene: aCashOnDeliveryOrder, id: (s) => s.orderId!, body: () => ({ status: "shipped" }) },
  ], accounts);
});
