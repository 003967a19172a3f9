import type { OrderView } from "@shared/views";

/**
 * A buyer's unpaid order as the pages are given it (shared/views.ts), for render tests: 40 mortise chisels,
 * placed at 17:00 in Dhaka and held until 18:00.
 */
export const UNPAID_ORDER_VIEW: OrderView = {
  id: "0b9f6d1e-4c1f-4b8e-9a53-0d2f8b1c9e11",
  buyerEmail: "karim@example.test",
  buyerName: "Karim",
  productName: "Mortise Chisel 10 mm",
  productNameBn: null,
  image: "/images/products/mortise-chisel.svg",
  pricePoisha: 89000,
  quantity: 40,
  payablePoisha: 3560000,
  deliveryChargePoisha: 0,
  totalPoisha: 3560000,
  advancePoisha: 0,
  lineCount: 1,
  // As the lists give it: the first line is the order's own fields.
  lines: [],
  paid: false,
  status: "unpaid",
  transactionId: null,
  paymentMethod: null,
  delivery: null,
  heldPayment: false,
  actions: ["set_delivery", "cancel"],
  expiresAt: "2026-11-23T12:00:00.000Z",
  awaitingConfirmation: false,
  record: null,
  refund: null,
  refundNote: null,
  cancelReason: null,
  cancelledBy: null,
  createdAt: "2026-11-23T11:00:00.000Z",
};

/** My Orders' loader data for the given orders: the first page of 20, as many as there are. */
export const myOrdersPage = (orders: OrderView[], page = 1, total = orders.length) => ({
  orders,
  page: { page, total, limit: 20 },
  refused: null,
  phoneCodes: false,
});
