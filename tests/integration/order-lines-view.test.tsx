import { describe, expect, it } from "vitest";
import type { Language } from "@shared/languages";
import type { OrderView } from "@shared/views";
import MyOrders from "~/routes/dashboard/orders";
import PayOrder from "~/routes/dashboard/payment";
import { UNPAID_ORDER_VIEW, myOrdersPage } from "../support/order-views";
import { renderRoute } from "../support/render-route";
import { textOf } from "../support/page-text";

// The pages given an order of three lines with a delivery charge, as a checkout places it: what they say a payment
// takes is the order's total, and a list says how many lines follow the first.

const chisel = {
  productId: "9a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d",
  name: "Mortise Chisel 10 mm",
  nameBn: "মর্টিস বাটালি ১০ মিমি",
  variant: null,
  sku: null,
  image: "/images/products/mortise-chisel.svg",
  pricePoisha: 89000,
  quantity: 40,
  amountPoisha: 3560000,
};
const plane = {
  productId: "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e",
  name: "Jack Plane",
  nameBn: null,
  // A size chosen on the product page: every line that shows the plane names it.
  variant: "No. 5 · 355 mm",
  sku: "JP-5-355",
  image: "/images/products/jack-plane.svg",
  pricePoisha: 650000,
  quantity: 1,
  amountPoisha: 650000,
};
const saw = {
  ...plane,
  productId: null,
  name: "Tenon Saw",
  variant: null,
  sku: null,
  pricePoisha: 180000,
  quantity: 20,
  amountPoisha: 3600000,
};

/** Goods Tk 78,100, delivery Tk 440: Tk 78,540 in all. */
const threeLines: OrderView = {
  ...UNPAID_ORDER_VIEW,
  delivery: {
    name: "Karim Uddin",
    phone: "01712345678",
    division: "Dhaka",
    district: "Gazipur",
    address: "House 12",
  },
  actions: ["pay", "set_delivery", "cancel"],
  payablePoisha: 7810000,
  deliveryChargePoisha: 44000,
  totalPoisha: 7854000,
  lineCount: 3,
  lines: [chisel, plane, saw],
};

const payOrder = (order: OrderView, gateway: "sslcommerz" | null, language: Language = "en") =>
  textOf(
    renderRoute(
      PayOrder,
      {
        order,
        // No card form: the first way to pay offered is the gateway, else cash on delivery.
        payment: null,
        gateway,
        gatewayResult: null,
        profileDelivery: { name: "Karim", phone: "", address: "" },
        buyerBin: null,
        phoneCodes: false,
        now: "2026-11-23T11:18:00.000Z",
      },
      `/dashboard/payment/${order.id}`,
      language,
    ),
  );

describe("Pay Order: an order of several lines with a delivery charge", () => {
  it("asks the gateway and cash on delivery for the total, not the goods alone", () => {
    expect(payOrder(threeLines, "sslcommerz")).toContain("Pay Tk 78,540 on SSLCommerz's secure page");
    const cod = payOrder(threeLines, null);
    expect(cod).toContain("Pay Tk 78,540 in cash to the delivery person.");
    expect(cod).not.toContain("Pay Tk 78,100");
  });

  it("lists every line, in Bangla with the Bangla name where a line has one", () => {
    const text = payOrder(threeLines, null, "bn");
    expect(text).toContain("মর্টিস বাটালি ১০ মিমি ৪০ পিস × ৮৯০৳ = ৩৫,৬০০৳");
    expect(text).toContain("Jack Plane (No. 5 · 355 mm) ১ পিস × ৬,৫০০৳ = ৬,৫০০৳");
    expect(text).toContain("Tenon Saw ২০ পিস × ১,৮০০৳ = ৩৬,০০০৳");
    expect(text).toContain("ডেলিভারি চার্জ ৪৪০৳");
    expect(text).toContain("সব মিলিয়ে মোট ৭৮,৫৪০৳");
  });
});

describe("My Orders: an order of several lines", () => {
  // A list is given no lines: the first line is the order's own fields, and the count says how many follow.
  const listed: OrderView = { ...threeLines, lines: [] };

  it("says how many lines follow the first, in English and in Bangla", () => {
    const en = textOf(renderRoute(MyOrders, myOrdersPage([listed]), "/dashboard/orders"));
    expect(en).toContain("Mortise Chisel 10 mm and 2 more");
    expect(en).toContain("Total Tk 78,540 with delivery Tk 440");
    const bn = textOf(renderRoute(MyOrders, myOrdersPage([listed]), "/dashboard/orders", "bn"));
    expect(bn).toContain("Mortise Chisel 10 mm ও আরও ২টি");
    expect(bn).toContain("ডেলিভারি ৪৪০৳ সহ মোট ৭৮,৫৪০৳");
  });

  it("shows nothing more for an order of one line without a delivery charge", () => {
    const text = textOf(renderRoute(MyOrders, myOrdersPage([UNPAID_ORDER_VIEW]), "/dashboard/orders"));
    expect(text).not.toContain("more");
    expect(text).not.toContain("with delivery");
  });
});
