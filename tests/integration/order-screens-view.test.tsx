import { describe, expect, it } from "vitest";
import { M } from "@shared/messages";
import type { OrderEventView, OrderView } from "@shared/views";
import type { Language } from "@shared/languages";
import MyOrders from "~/routes/dashboard/orders";
import OrderDetail from "~/routes/dashboard/order-detail";
import PayOrder from "~/routes/dashboard/payment";
import { UNPAID_ORDER_VIEW, myOrdersPage } from "../support/order-views";
import { renderRoute } from "../support/render-route";
import { textOf } from "../support/page-text";

const unpaid: OrderView = UNPAID_ORDER_VIEW;
const expired: OrderView = { ...unpaid, status: "expired", actions: [] };
const cancelledByShop: OrderView = {
  ...unpaid,
  id: "5e1d7c3b-2a4f-4e6d-9b8a-1c2d3e4f5a6b",
  status: "cancelled",
  actions: [],
  expiresAt: null,
  cancelledBy: "admin",
  cancelReason: "The supplier stopped making this chisel",
};
const paidThenCancelled: OrderView = {
  ...cancelledByShop,
  id: "7d2c4e5f-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  productName: "Try Square 200 mm",
  paid: true,
  transactionId: "pi_test_0123abcd",
  paymentMethod: "test",
  refund: "due",
  refundNote: M.refund.cancelled_after_payment,
  cancelReason: null,
};

const history: OrderEventView[] = [
  { status: "placed", at: "2026-11-23T11:00:00.000Z", by: "buyer", reason: null },
  { status: "payment_started", at: "2026-11-23T11:05:00.000Z", by: "buyer", reason: "test" },
  { status: "paid", at: "2026-11-23T11:06:00.000Z", by: "test", reason: null },
  { status: "cancelled", at: "2026-11-23T11:30:00.000Z", by: "admin", reason: "Out of stock at the supplier" },
  { status: "refund_due", at: "2026-11-23T11:30:00.000Z", by: "admin", reason: M.order.cancelled },
  { status: "refunded", at: "2026-11-23T11:45:00.000Z", by: "admin", reason: "test" },
];

const myOrders = (orders: OrderView[], language: Language = "en") =>
  textOf(renderRoute(MyOrders, myOrdersPage(orders), "/dashboard/orders", language));
const myOrdersHtml = (orders: OrderView[]) => renderRoute(MyOrders, myOrdersPage(orders), "/dashboard/orders");

const detail = (
  order: OrderView,
  viewer: { mine: boolean; admin: boolean },
  events: OrderEventView[] = history,
  language: Language = "en",
) =>
  renderRoute(
    OrderDetail,
    { order, history: events, parcel: null, couriers: [], phoneCodes: false, ...viewer },
    `/dashboard/order/${order.id}`,
    language,
  );

const payOrder = (order: OrderView, now: string, language: Language = "en", store = WITH_CARDS) =>
  renderRoute(
    PayOrder,
    {
      order,
      gateway: null,
      gatewayResult: null,
      profileDelivery: { name: "Karim", phone: "", address: "" },
      buyerBin: null,
      now,
      ...store,
    },
    `/dashboard/payment/${order.id}`,
    language,
  );

/** A store taking test cards, its buyers' cash on delivery confirmed by the shop's call. */
const WITH_CARDS = { payment: { provider: "test" as const } as { provider: "test" } | null, phoneCodes: false };

const buyer = { mine: true, admin: false };
const admin = { mine: false, admin: true };

describe("My Orders: orders the shop cancelled and orders that expired", () => {
  it("links each product name to its order view", () => {
    expect(myOrdersHtml([unpaid])).toContain(`href="/dashboard/order/${unpaid.id}"`);
  });

  it("shows an expired order's status instead of Pay and Cancel", () => {
    const html = myOrdersHtml([expired]);
    expect(textOf(html)).toContain("Expired");
    expect(html).not.toContain("/dashboard/payment/");
    expect(html).not.toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).not.toContain("Pay on delivery");
  });

  it("shows the shop's cancel with its reason, and no Pay or Cancel", () => {
    const html = myOrdersHtml([cancelledByShop]);
    expect(textOf(html)).toContain("Cancelled by the shop: The supplier stopped making this chisel");
    expect(html).not.toContain("/dashboard/payment/");
    expect(html).not.toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  it("says a paid order the shop cancelled will be refunded, and keeps its paid button and transaction id", () => {
    const html = myOrdersHtml([paidThenCancelled]);
    expect(textOf(html)).toContain("This order was cancelled after you paid; your payment will be refunded.");
    expect(textOf(html)).toContain("Cancelled by the shop.");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Paid<\/button>/);
    expect(html).toContain("pi_test_0123abcd");
  });

  it("says all of it in Bangla", () => {
    const text = myOrders(
      [expired, cancelledByShop, { ...paidThenCancelled, refund: "refunded" as const, refundNote: M.refund.refunded }],
      "bn",
    );
    expect(text).toContain("মেয়াদ শেষ");
    expect(text).toContain("দোকান বাতিল করেছে: The supplier stopped making this chisel");
    expect(text).toContain("এই অর্ডারের জন্য আপনার পেমেন্ট ফেরত দেওয়া হয়েছে।");
  });
});

describe("the order view", () => {
  it("shows the order: product, quantity, payable amount, status, delivery, transaction id", () => {
    const order: OrderView = {
      ...paidThenCancelled,
      delivery: {
        name: "Karim Uddin",
        phone: "01712345678",
        division: "Dhaka",
        district: "Gazipur",
        address: "House 12",
      },
    };
    const text = textOf(detail(order, buyer));
    expect(text).toContain("Order Details");
    expect(text).toContain("Try Square 200 mm");
    expect(text).toContain("40 Pis");
    expect(text).toContain("Tk 35,600");
    expect(text).toContain("Cancelled");
    expect(text).toContain("Refund due");
    expect(text).toContain("Karim Uddin");
    expect(text).toContain("pi_test_0123abcd");
    expect(text).toContain("Placed on 23 Nov 2026, 17:00");
  });

  it("lists the history with what happened, when in the shop's time, who and why, to the buyer", () => {
    const text = textOf(detail(paidThenCancelled, buyer));
    expect(text).toContain("Placed · 23 Nov 2026, 17:00 · You");
    expect(text).toContain("Payment started · 23 Nov 2026, 17:05 · You Test card");
    expect(text).toContain("Paid · 23 Nov 2026, 17:06 · Test card");
    expect(text).toContain("Cancelled · 23 Nov 2026, 17:30 · Shop Out of stock at the supplier");
    // A reason given as a message code is said in words.
    expect(text).toContain("Refund due · 23 Nov 2026, 17:30 · Shop This order was cancelled.");
    expect(text).toContain("Refunded · 23 Nov 2026, 17:45 · Shop");
  });

  it("names the buyer and the admin as such to an admin, and the clock as the store", () => {
    const events: OrderEventView[] = [
      { status: "placed", at: "2026-11-23T11:00:00.000Z", by: "buyer", reason: null },
      { status: "expired", at: "2026-11-23T12:00:00.000Z", by: "store", reason: null },
    ];
    const text = textOf(detail(expired, admin, events));
    expect(text).toContain("Placed · 23 Nov 2026, 17:00 · Buyer");
    expect(text).toContain("Expired · 23 Nov 2026, 18:00 · Store (time ran out)");
    expect(text).toContain("Its hold on the stock ran out at 23 Nov 2026, 18:00.");
    expect(text).toContain("Back to Manage Orders");
    expect(text).toContain("karim@example.test");
  });

  it("offers the buyer Pay and My Orders' own Cancel, and says until when the stock is held", () => {
    const html = detail(unpaid, buyer, history.slice(0, 1));
    expect(html).toContain(`href="/dashboard/payment/${unpaid.id}"`);
    expect(html).toContain('action="/dashboard/orders"');
    expect(textOf(html)).toContain("Are You Sure? You Want To Cancel Mortise Chisel 10 mm");
    expect(textOf(html)).toContain("Holds the stock until 23 Nov 2026, 18:00.");
    expect(html).not.toContain('name="reason"');
  });

  it("offers an admin Cancel with an optional reason, and Refund when a refund is due", () => {
    const html = detail({ ...paidThenCancelled, status: "paid", actions: ["cancel"] }, admin);
    expect(html).toContain('name="reason"');
    expect(html).toContain('name="intent" value="cancel"');
    expect(textOf(html)).toContain("Reason (optional)");
    expect(textOf(html)).toContain("Cancel the paid order for Try Square 200 mm?");
    const refundable = detail({ ...paidThenCancelled, actions: ["refund"] }, admin);
    expect(refundable).toContain('name="intent" value="refund"');
    expect(textOf(refundable)).toContain("Refund Tk 35,600 for Try Square 200 mm to the buyer?");
    expect(refundable).not.toContain('name="reason"');
  });

  it("offers nothing on a closed order with nothing due", () => {
    const html = detail(cancelledByShop, buyer, history.slice(0, 1));
    expect(html).not.toContain("/dashboard/payment/");
    expect(html).not.toMatch(/<button[^>]*>Cancel Order<\/button>/);
    expect(textOf(html)).toContain("Cancelled by the shop: The supplier stopped making this chisel");
  });

  it("says it all in Bangla, Bengali digits in the times", () => {
    const text = textOf(detail(paidThenCancelled, buyer, history, "bn"));
    expect(text).toContain("অর্ডারের বিস্তারিত");
    expect(text).toContain("অর্ডার হয়েছে · ২৩ নভেম্বর ২০২৬, ১৭:০০ · আপনি");
    expect(text).toContain("বাতিল · ২৩ নভেম্বর ২০২৬, ১৭:৩০ · দোকান Out of stock at the supplier");
    expect(text).toContain("টাকা ফেরত বাকি · ২৩ নভেম্বর ২০২৬, ১৭:৩০ · দোকান এই অর্ডারটি বাতিল করা হয়েছে।");
    expect(text).toContain("পরিশোধের পরে এই অর্ডারটি বাতিল করা হয়েছে; আপনার পেমেন্ট ফেরত দেওয়া হবে।");
  });
});

describe("Pay Order: the hold on the stock", () => {
  it("says until when the stock is held and how many minutes are left, counted from the server's clock", () => {
    const text = textOf(payOrder(unpaid, "2026-11-23T11:18:00.000Z"));
    expect(text).toContain("We hold the stock for you until 18:00 — 42 minutes left.");
    expect(textOf(payOrder(unpaid, "2026-11-23T11:59:30.000Z"))).toContain("until 18:00 — 1 minute left.");
  });

  it("says it in Bangla", () => {
    const text = textOf(payOrder(unpaid, "2026-11-23T11:18:00.000Z", "bn"));
    expect(text).toContain("আমরা ১৮:০০ পর্যন্ত আপনার জন্য মজুত ধরে রাখছি — আর ৪২ মিনিট বাকি।");
  });

  it("shows an expired order as no longer payable, with no payment form", () => {
    const html = payOrder(expired, "2026-11-23T12:05:00.000Z");
    expect(textOf(html)).toContain("This order expired and can no longer be paid. Please order again.");
    expect(html).not.toContain("Delivery details");
    expect(html).not.toContain("We hold the stock");
    expect(textOf(payOrder(expired, "2026-11-23T12:05:00.000Z", "bn"))).toContain(
      "এই অর্ডারের মেয়াদ শেষ, তাই আর পরিশোধ করা যাবে না।",
    );
  });

  it("takes no payment once the hold has run out, before the server has marked the order expired", () => {
    const html = payOrder(unpaid, "2026-11-23T12:00:10.000Z");
    expect(textOf(html)).toContain("This order expired and can no longer be paid.");
    expect(html).not.toContain("Delivery details");
  });

  it("shows an order the shop cancelled as not payable, with its reason", () => {
    const text = textOf(payOrder(cancelledByShop, "2026-11-23T11:18:00.000Z"));
    expect(text).toContain("This order was cancelled and cannot be paid.");
    expect(text).toContain("Cancelled by the shop: The supplier stopped making this chisel");
  });
});

describe("Pay Order: cash on delivery, before it is chosen", () => {
  // No card form: cash on delivery is the way to pay shown first.
  const delivery = {
    name: "Karim",
    phone: "01712345678",
    division: "Dhaka" as const,
    district: "Gazipur",
    address: "Tongi",
  };
  const ready: OrderView = { ...unpaid, delivery, actions: ["set_delivery", "pay", "confirm_cod"] };
  const codOnly = (language: Language, phoneCodes: boolean) =>
    textOf(payOrder(ready, "2026-11-23T11:18:00.000Z", language, { payment: null, phoneCodes }));

  it("says the shop will call to confirm the order", () => {
    expect(codOnly("en", false)).toContain(
      "Pay Tk 35,600 in cash to the delivery person. The shop will call you to confirm the order",
    );
  });

  it("with COD_VERIFY_PHONE, says a code sent to the phone confirms it instead, in English and Bangla", () => {
    const text = codOnly("en", true);
    expect(text).toContain(
      "Pay Tk 35,600 in cash to the delivery person. We will send a 6-digit code to your phone by SMS: enter it " +
        "here to confirm the order. Its pieces are kept for you until then.",
    );
    expect(text).not.toContain("The shop will call");
    expect(codOnly("bn", true)).toContain(
      "আপনার ফোনে এসএমএসে ৬ সংখ্যার একটি কোড পাঠানো হবে: অর্ডারটি নিশ্চিত করতে কোডটি এখানে লিখুন।",
    );
  });
});
