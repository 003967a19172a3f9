import { paramsOf } from "@shared/list-page";
import { BUYER_ORDER_LIST_PARAMS, ORDER_LIST_PARAMS } from "@shared/list-choices";
import { DeliveryChangeSchema } from "@shared/schemas/delivery-change";
import { CancelSchema, OrderSchema, OrderStatusSchema } from "@shared/schemas/order";
import { PaymentProofSchema } from "@shared/schemas/payment";
import { ReceiveBackSchema } from "@shared/schemas/receive-back";
import { jsonBody, optionalJsonBody } from "../http/json-body";
import { linkHeader, linkTo, setPageHeaders } from "../http/list-headers";
import { DeletedCount, InsertedId, ModifiedCount } from "../openapi/common-answers";
import { ADMINS_ONLY, BAD_INPUT, NOT_YOURS, email, id } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused, type ApiContext, type Parameter } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { recordCardPayment, refundOrder } from "../payments";
import * as orders from "./orders";
import { mushaksOf } from "./order-invoice";
import { CashOnDelivery, OrderJson, OrderList, OrderPaid, OrderRefunded, PaymentRecorded, orderJson } from "./wire";

const NO_ORDER = "No such order (unknown, malformed or cancelled).";

const idempotencyKey: Parameter = {
  description: "Makes retries safe: the same key answers the first order again instead of buying twice.",
  example: "b7c9e1d2-order-1",
  required: false,
};

/** The page of an order list, by number: `GET /api/order` and `GET /api/order/{email}`. */
const ORDER_PAGE_QUERY: Record<string, Parameter> = {
  page: {
    description: "Which page: 1, 2, … (1 when not given); pages reach the first 10,000 orders.",
    example: "1",
    required: false,
  },
  limit: {
    description: "Orders a page, 1 to 100; 100 when not given. More than 100 is refused with 400, not cut.",
    example: "20",
    required: false,
  },
};

const ORDER_LIST_QUERY: Record<string, Parameter> = {
  status: {
    description:
      "One tab: `unpaid`, `paid`, `cod`, `shipped`, `delivered`, `cancelled`, `expired`, or `refund-due` (money owed back).",
    example: "paid",
    required: false,
  },
  q: {
    description:
      "An order's id or its first 6 or more hex digits, a buyer's e-mail or its beginning, or a phone number " +
      "(`+880 1712-345678` finds `01712345678`).",
    example: "01712345678",
    required: false,
  },
  from: { description: "The first day, YYYY-MM-DD, in Dhaka time (UTC+6).", example: "2026-11-01", required: false },
  to: { description: "The last day, included, YYYY-MM-DD in Dhaka time.", example: "2026-11-30", required: false },
  sort: {
    description: "`newest` (the default), `oldest`, `amount-high` or `amount-low`.",
    example: "newest",
    required: false,
  },
  ...ORDER_PAGE_QUERY,
  cursor: {
    description:
      "Where a page starts, from a `Link` header (opaque); it takes the place of `page`, and belongs to its `sort`.",
    example:
      "eyJzIjoibmV3ZXN0IiwiZCI6ImFmdGVyIiwiayI6IjIwMjYtMTEtMDFUMDY6MDA6MDAuMDAwMDAwWiIsImkiOiIzZjFjMWY1ZS04YTBlLTRhOGUtOWE1My0wZDJmOGIxYzllMTEiLCJvIjoxMDB9",
    required: false,
  },
};

const ORDER_PAGE_HEADERS: Record<string, Parameter> = {
  "X-Total-Count": { description: "How many orders match the tab, search and dates, on every page.", example: "1342" },
  Link: {
    description:
      'The next and previous pages (RFC 8288), by cursor, with the request\'s other parameters: `rel="next"`, `rel="prev"`.',
    example: '</api/order?status=paid&cursor=eyJzIjoibmV3ZXN0Ii…&limit=100>; rel="next"',
  },
};

const BUYER_ORDER_PAGE_HEADERS: Record<string, Parameter> = {
  "X-Total-Count": { description: "How many orders they have, on every page.", example: "27" },
  Link: {
    description: 'The next and previous pages (RFC 8288), by number: `rel="next"`, `rel="prev"`.',
    example: '</api/order/nasrin@example.com?page=2&limit=20>; rel="next"',
  },
};

/** The orders as the API answers them, each with its lines and its whole history (one query each for the lot). */
async function withHistories(c: ApiContext, list: orders.Order[]) {
  const ctx = c.get("ctx");
  const [histories, lines, mushaks] = await Promise.all([
    orders.historiesOf(ctx, list),
    orders.linesOf(ctx, list),
    mushaksOf(ctx, list),
  ]);
  return list.map((o) => orderJson(o, histories.get(o.id), lines.get(o.id), mushaks.get(o.id)));
}

export const orderCalls = [
  apiCall({
    method: "post",
    path: "/api/order",
    operationId: "placeOrder",
    tag: "orders",
    summary: "Place an order",
    description:
      "The spec's Buy It Now: a one-line order for the goods alone (`deliveryCharge: 0`, `total` = `paybleAmount`); " +
      "`POST /api/checkout` places orders of several lines with their delivery charge. Only `productId`, `quantity`, " +
      "`delivery` and `buyerBin` are read: the buyer comes from the session, the name, image and price from the " +
      "product. `buyerBin`, the buyer's own BIN for a Mushak-6.3 (optional; 9 or 13 digits, dashes allowed), is kept " +
      "as at checkout: only by a VAT-registered shop (SHOP_BIN and VAT_RATE), else dropped. The stock is taken in " +
      "the same transaction as the order is written; an order over the rate limit takes no stock.",
    who: "signed in",
    session: "required",
    headers: { "Idempotency-Key": idempotencyKey },
    body: jsonInput(named("OrderInput", OrderSchema)),
    rate: "order",
    answers: {
      200: json(InsertedId, "The order's id.", {
        "Idempotent-Replayed": {
          description: "`true` when this answers an earlier order with the same key.",
          example: "true",
        },
      }),
      400: refused(
        "Fewer pieces than the product's minimum (`You have to buy at least {min}`), a quantity off the steps of 20 " +
          "from the minimum (`quantity.off_step`), a malformed `buyerBin` (`mushak.buyer_bin_invalid`), or a bad body.",
      ),
      404: refused("No such product."),
      409: refused(
        "More pieces than in stock; more than one order may take (`One order can take at most {max} Pis of this " +
          "tool`: the product's `maxPerOrder`, or half of the stock but never under its minimum); more than the " +
          "buyer's open orders (unpaid, or cash on delivery awaiting the shop) may hold of the product together " +
          "(`order.holding_limit`, the same limit over all of them); the buyer already holds MAX_OPEN_ORDERS open " +
          "orders (`order.too_many_open`); the account was deleted meanwhile (`order.account_gone`); or an " +
          "Idempotency-Key used for a different order.",
      ),
    },
    handler: async (c) => {
      const key = c.req.header("idempotency-key");
      const placed = await orders.placeOrder(c.get("ctx"), await jsonBody(c), key);
      if (placed.replayed) c.header("Idempotent-Replayed", "true");
      return c.json({ insertedId: placed.order.id });
    },
  }),
  apiCall({
    method: "get",
    path: "/api/order",
    operationId: "listAllOrders",
    tag: "orders",
    summary: "List and search every order",
    description:
      "Cancelled ones included, each with its `status`. The body is the spec's array, one page of it: without " +
      "parameters, the newest 100 orders. `X-Total-Count` says how many match and `Link` leads on by cursor " +
      '(`rel="next"`, `rel="prev"`), so that the list answers in the same time however many years of orders ' +
      "the shop holds, and an order placed meanwhile neither repeats nor skips one. `page` reaches the first 10,000.",
    who: "admin",
    session: "required",
    query: ORDER_LIST_QUERY,
    answers: {
      200: json(OrderList, "A page of the orders.", ORDER_PAGE_HEADERS),
      400: refused(
        "An unknown `status` or `sort`; `q` over 200 characters; a date not YYYY-MM-DD, or `from` after `to`; a " +
          "`page` or `limit` out of range, or a page past the first 10,000 orders; a `cursor` this list did not make.",
      ),
      403: refused(ADMINS_ONLY),
    },
    handler: async (c) => {
      const params = paramsOf(new URL(c.req.url).searchParams, ORDER_LIST_PARAMS);
      const page = await orders.listAllOrders(c.get("ctx"), params);
      c.header("X-Total-Count", String(page.total));
      // Cursor links: the next page starts after this one's last order, whatever arrives meanwhile.
      const to = (cursor: string | undefined) =>
        cursor === undefined ? undefined : linkTo(c, { cursor, page: undefined, limit: String(page.limit) });
      const link = linkHeader({ next: to(page.next), prev: to(page.prev) });
      if (link) c.header("Link", link);
      return c.json(
        await withHistories(
          c,
          page.items.map((o) => o.order),
        ),
      );
    },
  }),
  apiCall({
    method: "get",
    path: "/api/order/{emailOrId}",
    operationId: "listOrdersOf",
    tag: "orders",
    summary: "List one customer's orders",
    description:
      "Newest first; orders they cancelled themselves are not listed. The body is the spec's array, one page of it: " +
      "without `page` and `limit`, the newest 100; `X-Total-Count` and `Link` tell the rest. (This place in the " +
      "path holds an email here, an order's id in PATCH and DELETE.)",
    who: "that user or admin",
    session: "required",
    params: { emailOrId: email("The buyer's email.") },
    query: ORDER_PAGE_QUERY,
    answers: {
      200: json(OrderList, "A page of their orders.", BUYER_ORDER_PAGE_HEADERS),
      400: refused("A `page` or `limit` that is not a whole number in range, or a page past the first 10,000 orders."),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
    handler: async (c) => {
      const params = paramsOf(new URL(c.req.url).searchParams, BUYER_ORDER_LIST_PARAMS);
      const page = await orders.ordersOf(c.get("ctx"), c.req.param("emailOrId"), params);
      setPageHeaders(c, page);
      return c.json(await withHistories(c, page.items));
    },
  }),
  apiCall({
    method: "get",
    path: "/api/order/{email}/{orderId}",
    operationId: "getOrderOf",
    tag: "orders",
    summary: "Get one of a customer's orders",
    who: "that user or admin",
    session: "required",
    params: { email: email("The buyer's email."), orderId: id("order") },
    answers: {
      200: json(OrderJson, "The order."),
      403: refused(NOT_YOURS),
      404: refused("No such user, or no such order of theirs."),
    },
    handler: async (c) => {
      const order = await orders.orderOf(c.get("ctx"), c.req.param("email"), c.req.param("orderId"));
      return c.json((await withHistories(c, [order]))[0]);
    },
  }),
  apiCall({
    method: "patch",
    path: "/api/order/{emailOrId}",
    operationId: "confirmOrderPayment",
    tag: "orders",
    summary: "Tell the store a payment paid for the order",
    description:
      "The store asks the payment provider about the transaction; only its answer makes the order paid. Repeating " +
      "the call, or racing the provider's webhook, pays the order once (`modifiedCount` 0 the second time). A " +
      "payment the order can no longer take (cancelled, expired, already paid, cash on delivery) is still recorded, " +
      "as refund due, and answered 409 with the note the buyer is shown (`refund.*`).",
    who: "the buyer",
    session: "required",
    params: { emailOrId: id("order") },
    body: jsonInput(named("PaymentProofInput", PaymentProofSchema)),
    answers: {
      200: json(OrderPaid, "The order is paid."),
      400: refused("The provider knows no such payment, it was for another order, amount or currency; or a bad body."),
      402: refused("The payment has not succeeded."),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused(
        "The order could not take the payment: it was recorded, to be refunded (`refund.*`); or no money moved and " +
          "the order is cancelled or expired (`order.*_not_payable`).",
      ),
      502: refused("The payment provider did not answer."),
    },
    handler: async (c) => {
      const paid = await recordCardPayment(c.get("ctx"), c.req.param("emailOrId"), await jsonBody(c));
      return c.json({ modifiedCount: paid.settled ? 1 : 0, paid: true, transactionId: paid.transactionId });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/order/{id}/refund",
    operationId: "refundOrder",
    tag: "orders",
    summary: "Give back the money an order cannot keep",
    description:
      'Every payment due back on the order (`refund: "due"`) is refunded through its provider (Stripe\'s refunds ' +
      "API, SSLCommerz's refund API; the test processor locally; cash on delivery as handed back), for the amount " +
      "the store recorded, once: a repeated or concurrent call makes no second refund.",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(OrderRefunded, "Refunded."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("Nothing is due back on the order, or the provider refused the refund."),
      502: refused("The payment provider did not answer."),
    },
    handler: async (c) => {
      await refundOrder(c.get("ctx"), c.req.param("id"));
      return c.json({ modifiedCount: 1, refund: "refunded" as const });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/order/{id}/delivery",
    operationId: "setDelivery",
    tag: "orders",
    summary: "Say where an unpaid order goes",
    description:
      "The delivery details, and optionally `buyerBin`, the buyer's own BIN for a Mushak-6.3 (9 or 13 digits, " +
      "dashes allowed), as at checkout: kept only by a VAT-registered shop (SHOP_BIN and VAT_RATE), else dropped; " +
      'an empty `buyerBin` ("") takes the order\'s away, and without it the order keeps the one it has. An order ' +
      "placed at checkout is charged for the new district's zone.",
    who: "the buyer",
    session: "required",
    params: { id: id("order") },
    body: jsonInput(named("DeliveryChangeInput", DeliveryChangeSchema)),
    answers: {
      200: json(ModifiedCount, "Saved."),
      400: refused(`${BAD_INPUT} A malformed \`buyerBin\` (\`mushak.buyer_bin_invalid\`) changes nothing.`),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused("The order is already paid or confirmed."),
    },
    handler: async (c) => {
      await orders.setDelivery(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ modifiedCount: 1 });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/order/{id}/cash-on-delivery",
    operationId: "confirmCashOnDelivery",
    tag: "orders",
    summary: "Choose cash on delivery",
    description:
      "The order's `status` becomes `cod`: it waits for the shop to confirm it (by phone) for COD_CONFIRM_HOURS, " +
      "then expires like an unpaid one; it is paid when the admin collects the cash. The cash-on-delivery orders " +
      "awaiting the shop for one delivery phone hold at most one order's worth of a product, whatever accounts " +
      "placed them (`order.phone_holding_limit`). Where the delivery zone asks for the delivery charge in advance, " +
      "the order stays `unpaid` with an `advance` to pay online (card or SSLCommerz, as any payment); once paid, it " +
      "is a confirmed `cod` order and the courier collects the rest.",
    who: "the buyer",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(CashOnDelivery, "Chosen; waiting for the shop's confirmation."),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused(
        "Already paid or chosen, no delivery details yet, or the phone's awaiting orders hold enough of this tool.",
      ),
    },
    handler: async (c) => {
      const chosen = await orders.chooseCashOnDelivery(c.get("ctx"), c.req.param("id"));
      return c.json({ modifiedCount: 1, status: chosen.status === "cod" ? ("cod" as const) : ("unpaid" as const) });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/order/{id}/confirm",
    operationId: "confirmOrderByShop",
    tag: "orders",
    summary: "Confirm a cash-on-delivery order",
    description:
      "The shop has called the buyer: the order no longer expires and no longer counts as open (decision 0026).",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(ModifiedCount, "Confirmed."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("Not a cash-on-delivery order waiting for the shop's confirmation."),
    },
    handler: async (c) => {
      await orders.confirmOrder(c.get("ctx"), c.req.param("id"));
      return c.json({ modifiedCount: 1 });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/order/{id}/collect",
    operationId: "collectCash",
    tag: "orders",
    summary: "Record a cash-on-delivery order's cash as received",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(PaymentRecorded, "Recorded; the transaction id starts with `COD-`."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("Not a cash-on-delivery order, or its cash was already collected."),
    },
    handler: async (c) => {
      const collected = await orders.collectCash(c.get("ctx"), c.req.param("id"));
      return c.json({ modifiedCount: 1, transactionId: collected.transactionId });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/order/{id}/returned",
    operationId: "receiveParcelBack",
    tag: "orders",
    summary: "Receive a shipped order's parcel back",
    description:
      "The parcel came back to the shop. Without a body, or with every piece in `piecesBack`, it came back whole " +
      "(the buyer refused it, or the courier returned it): the order becomes `returned`, its pieces go back to " +
      "stock once (ledger reason `returned`), and money it received becomes refund due " +
      "(`POST /api/order/{id}/refund`). With `piecesBack` (how many pieces of each line came back, in the order's " +
      "line order) naming fewer, the parcel was partly delivered: only those pieces go back to stock, the order " +
      "becomes `delivered`, and the cash the courier reported collecting is recorded as its payment. The buyer " +
      "is told by e-mail and SMS.",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    body: jsonInput(named("ReceiveBackInput", ReceiveBackSchema), true),
    rate: "courier",
    answers: {
      200: json(ModifiedCount, "Received back."),
      400: refused("`piecesBack` does not give one count per line, counts more pieces than a line sent, or none."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("Not a shipped order (already received back, delivered, or never shipped)."),
    },
    handler: async (c) => {
      await orders.receiveBack(c.get("ctx"), c.req.param("id"), await optionalJsonBody(c));
      return c.json({ modifiedCount: 1 });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/order/{id}/accept-payment",
    operationId: "acceptHeldPayment",
    tag: "orders",
    summary: "Accept a payment the gateway held for review",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(PaymentRecorded, "The order is paid."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("The order is already paid, or has no held payment."),
    },
    handler: async (c) => {
      const accepted = await orders.acceptPayment(c.get("ctx"), c.req.param("id"));
      return c.json({ modifiedCount: 1, transactionId: accepted.transactionId });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/order/{id}/status",
    operationId: "advanceOrder",
    tag: "orders",
    summary: "Mark an order shipped or delivered",
    description: "Paid or cash-on-delivery → shipped → delivered.",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    body: jsonInput(named("OrderStatusInput", OrderStatusSchema)),
    answers: {
      200: json(ModifiedCount, "Moved along."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("The order is not in a state it can move on from."),
    },
    handler: async (c) => {
      await orders.advance(c.get("ctx"), c.req.param("id"), await jsonBody(c));
      return c.json({ modifiedCount: 1 });
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/order/{emailOrId}",
    operationId: "cancelOrder",
    tag: "orders",
    summary: "Cancel an order",
    description:
      "The order is kept, marked cancelled, and its pieces go back to stock, once. Its buyer may cancel it before " +
      "it is paid; an admin any order not yet shipped, with an optional reason the buyer is shown. Money the order " +
      "took becomes refund due (`POST /api/order/{id}/refund`); payments started for it are cancelled at the " +
      "provider where it allows.",
    who: "the buyer (unpaid orders) or admin (any order not shipped)",
    session: "required",
    params: { emailOrId: id("order") },
    body: jsonInput(named("CancelInput", CancelSchema), true),
    answers: {
      200: json(DeletedCount, "Cancelled."),
      400: refused("The reason is longer than 500 characters, or the body is not JSON."),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused("Shipped, already cancelled or expired; for its buyer also paid, or with a payment under review."),
    },
    handler: async (c) => {
      await orders.cancelOrder(c.get("ctx"), c.req.param("emailOrId"), await optionalJsonBody(c));
      return c.json({ deletedCount: 1 });
    },
  }),
];
