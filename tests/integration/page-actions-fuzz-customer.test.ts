import { randomUUID } from "node:crypto";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzPageActions } from "../support/fuzz/page-action-suite";
import { TEST_DELIVERY } from "../support/orders";
import { anOrder, aProduct } from "../support/page-scenes";

fuzzPageActions("the customer’s", (t, accounts) => {
  const anOrderOfTheOwner = () => anOrder(t, accounts.owner);
  const profile = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };
  // prettier-ignore
  return [
    { call: "POST /dashboard/profile",                        as: "owner", fields: () => profile },
    { call: "POST /dashboard/reviews",                        as: "owner", fields: () => ({ rating: "4.5", comment: "Sharp out of the box." }), ignored: CALLS_COUNTED },
    { call: "POST /detail/{id}",                              as: "owner", scene: () => aProduct(t), id: (s) => s.productId!, fields: () => ({ quantity: "20", idempotencyKey: randomUUID() }), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/orders (Cancel)",                as: "owner", scene: anOrderOfTheOwner, fields: (s) => ({ orderId: s.orderId! }) },
    { call: "POST /dashboard/payment/{id} (delivery)",         as: "owner", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "delivery", ...TEST_DELIVERY }) },
    { call: "POST /dashboard/payment/{id} (cod)",              as: "owner", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "cod" }) },
  ];
});
