import { describe, expect, it } from "vitest";
import type { OrderView } from "@shared/views";
import MyOrders from "~/routes/dashboard/orders";
import { UNPAID_ORDER_VIEW, myOrdersPage } from "../support/order-views";
import { renderRoute } from "../support/render-route";

const unpaid: OrderView = UNPAID_ORDER_VIEW;
const paid: OrderView = {
  ...unpaid,
  id: "7d2c4e5f-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
  productName: "Try Square 200 mm",
  paid: true,
  status: "paid",
  transactionId: "pi_3QxTestTransaction",
  actions: [],
};

const render = (orders: OrderView[]) => renderRoute(MyOrders, myOrdersPage(orders), "/dashboard/orders");

describe("My Orders view", () => {
  it("gives an unpaid order a Pay link to its payment page and a Cancel button", () => {
    const html = render([unpaid]);
    expect(html).toContain(`href="/dashboard/payment/${unpaid.id}"`);
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).toContain("Are You Sure? You Want To Cancel Mortise Chisel 10 mm");
    expect(html).toContain("Tk 35,600");
  });

  it("shows a paid order with a disabled paid button, its transaction id, and no Cancel", () => {
    const html = render([paid]);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Paid<\/button>/);
    expect(html).toContain("pi_3QxTestTransaction");
    expect(html).not.toContain("/dashboard/payment/");
    expect(html).not.toMatch(/<button[^>]*>Cancel<\/button>/);
    expect(html).not.toContain("You Want To Cancel");
  });

  it("shows a cash-on-delivery order as such, with Cancel until it ships", () => {
    const cod: OrderView = { ...unpaid, status: "cod", paymentMethod: "cod", actions: ["cancel"] };
    const html = render([cod]);
    expect(html).toContain("Cash on delivery");
    expect(html).toContain("Pay on delivery");
    expect(html).not.toContain("/dashboard/payment/");
    expect(html).toMatch(/<button[^>]*>Cancel<\/button>/);
    const shipped = render([{ ...cod, status: "shipped", actions: [] }]);
    expect(shipped).toContain("Shipped");
    expect(shipped).not.toMatch(/<button[^>]*>Cancel<\/button>/);
  });

  it("says so when there are no orders", () => {
    expect(render([])).toContain("You have no orders yet.");
  });
});
