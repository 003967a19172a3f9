import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzPageActions } from "../support/fuzz/page-action-suite";
import {
  aCashOnDeliveryOrder,
  aHeldPayment,
  anOrder,
  aRefundDue,
  aShippedOrder,
  type Scene,
} from "../support/page-scenes";

fuzzPageActions("the shop’s orders", (t, accounts) => {
  const anOrderOfTheOwner = () => anOrder(t, accounts.owner);
  const manageOrder = (intent: string) => (s: Scene) => ({ intent, orderId: s.orderId! });
  // prettier-ignore
  return [
    { call: "POST /dashboard/manageorder (accept)",           as: "admin", scene: () => aHeldPayment(t, accounts.owner), fields: manageOrder("accept") },
    { call: "POST /dashboard/manageorder (collect)",          as: "admin", scene: () => aCashOnDeliveryOrder(t, accounts.owner), fields: manageOrder("collect") },
    { call: "POST /dashboard/manageorder (shipped)",          as: "admin", scene: () => aCashOnDeliveryOrder(t, accounts.owner), fields: manageOrder("shipped") },
    { call: "POST /dashboard/manageorder (delivered)",        as: "admin", scene: () => aShippedOrder(t, accounts.owner), fields: manageOrder("delivered") },
    { call: "POST /dashboard/manageorder (cancel)",           as: "admin", scene: () => aCashOnDeliveryOrder(t, accounts.owner), fields: (s) => ({ intent: "cancel", orderId: s.orderId!, reason: "The tool is discontinued." }) },
    { call: "POST /dashboard/manageorder (refund)",           as: "admin", scene: () => aRefundDue(t, accounts.owner), fields: manageOrder("refund") },
    { call: "POST /dashboard/order/{id} (cancel)",            as: "admin", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "cancel", reason: "Out of stock at the maker." }) },
    { call: "POST /dashboard/order/{id} (received_back)",     as: "admin", scene: () => aShippedOrder(t, accounts.owner), id: (s) => s.orderId!, fields: () => ({ intent: "received_back" }), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/order/{id} (received_back, part)", as: "admin", scene: () => aShippedOrder(t, accounts.owner), id: (s) => s.orderId!, fields: () => ({ intent: "received_back", "back.0": "3" }), ignored: CALLS_COUNTED },
  ];
});
