import { randomUUID } from "node:crypto";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzPageActions } from "../support/fuzz/page-action-suite";
import { TEST_DELIVERY } from "../support/orders";
import { anOrder, aProduct } from "../support/page-scenes";

/** Where Place order sends a browser without JavaScript once the order is placed: its payment, or its own page. */
const PLACED = /^\/dashboard\/(payment|order)\/[0-9a-f-]{36}$/;

fuzzPageActions("the customer’s", (t, accounts) => {
  const anOrderOfTheOwner = () => anOrder(t, accounts.owner);
  const profile = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };
  // Place order's form for a new address, as checkout draws it; each post a new attempt (its idempotency key).
  const placeOrder = () => ({
    addressId: "new",
    ...TEST_DELIVERY,
    saveAddress: "on",
    paymentMethod: "card",
    attempt: randomUUID(),
  });
  // prettier-ignore
  return [
    { call: "POST /dashboard/profile",                        as: "owner", fields: () => profile },
    { call: "POST /dashboard/reviews",                        as: "owner", fields: () => ({ rating: "4.5", comment: "Sharp out of the box." }), ignored: CALLS_COUNTED },
    { call: "POST /cart (add)",                               as: "owner", scene: () => aProduct(t), fields: (s) => ({ intent: "add", productId: s.productId!, quantity: "20" }), ignored: CALLS_COUNTED },
    { call: "POST /checkout?productId={id}&quantity=20 (Buy It Now: Place order)", as: "owner", scene: () => aProduct(t), id: (s) => s.productId!, fields: placeOrder, redirectsWhenDone: PLACED, ignored: CALLS_COUNTED },
    { call: "POST /dashboard/orders (Cancel)",                as: "owner", scene: anOrderOfTheOwner, fields: (s) => ({ orderId: s.orderId! }) },
    { call: "POST /dashboard/payment/{id} (delivery)",         as: "owner", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "delivery", ...TEST_DELIVERY, buyerBin: "004455667-0202" }) },
    { call: "POST /dashboard/payment/{id} (cod)",              as: "owner", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "cod" }) },
  ];
});
