import { requestBodies as B } from "./request-bodies";
import {
  formBody,
  json,
  jsonBody,
  limited,
  multipartBody,
  redirect,
  refused,
  type ApiRoute,
  type Parameter,
} from "./route-types";
import { wireSchemas as W } from "./wire-schemas";

/**
 * Every call under /api, as one table: the OpenAPI document is built from it (document.ts) and
 * tests/integration/openapi.test.ts holds it against the routes the router registers. A route added to a
 * handler without a row here, or a row without a route, fails that test.
 */

export const TAGS = [
  { name: "products", description: "The catalog: anyone reads it, admins change it." },
  { name: "categories", description: "The shop's categories: anyone lists them, admins change them." },
  { name: "orders", description: "Placing, paying, delivering and cancelling orders. Money is in Tk." },
  { name: "payments", description: "Starting a payment, and the calls the payment providers make." },
  { name: "uploads", description: "Product images." },
  { name: "reviews", description: "Customers' reviews of the store." },
  { name: "users", description: "Accounts, admins and API tokens." },
  { name: "profiles", description: "A customer's education, phone number and location." },
  {
    name: "auth",
    description: "Better Auth's endpoints the store uses (sign-up, sign-in, sessions, passwords, Google).",
  },
  { name: "health", description: "Whether the server and its database answer." },
  { name: "docs", description: "This document and its reader." },
];

const id = (what: string): Parameter => ({
  description: `The ${what}'s id.`,
  example: "3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11",
  format: "uuid",
});
const email = (description: string): Parameter => ({
  description,
  example: "nasrin@example.com",
  format: "email",
});

const NOT_YOURS = "Not your account, and you are not an admin; or a cookie-carried write from another site.";
const ADMINS_ONLY = "Not an admin; or a cookie-carried write from another site.";
const BAD_INPUT = "The body is not JSON or breaks a rule; `message` says which.";
const NO_ORDER = "No such order (unknown, malformed or cancelled).";

const idempotencyKey: Parameter = {
  description: "Makes retries safe: the same key answers the first order again instead of buying twice.",
  example: "b7c9e1d2-order-1",
  required: false,
};

/** `page` and `limit`, which every list takes. */
const pageQuery: Record<string, Parameter> = {
  page: { description: "Which page: 1, 2, … (1 when not given).", example: "1", required: false },
  limit: {
    description: "Items a page, 1 to 100; 100 when not given. More than 100 is refused with 400, not cut.",
    example: "20",
    required: false,
  },
};

/** What a list says beside its body, which stays the spec's array. */
const pageHeaders: Record<string, Parameter> = {
  "X-Total-Count": { description: "How many items the whole list holds, on every page.", example: "137" },
  Link: {
    description: 'The next and previous pages (RFC 8288), with the request\'s parameters: `rel="next"`, `rel="prev"`.',
    example: '</api/review?page=3&limit=20>; rel="next", </api/review?page=1&limit=20>; rel="prev"',
  },
};

/** Why a list answers a page, not everything: the one change to the spec's calls. */
const PAGED =
  "The body is the spec's array, one page of it: without `page` and `limit`, the first 100 items. " +
  "`X-Total-Count` says how many there are and `Link` leads to the next page, so that a list answers in the " +
  "same time and size however many years of data the store holds.";

const BAD_PAGE = "A `page` or `limit` that is not a whole number in range, or a page past the first 10,000 items.";

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

const sessionHeaders: Record<string, Parameter> = {
  "set-auth-token": { description: "The session token, for `Authorization: Bearer`.", example: "8JrcOUVb…" },
  "Set-Cookie": { description: "The session cookie, `randa.session_token`.", example: "randa.session_token=…" },
};

export const ROUTES: ApiRoute[] = [
  // health
  {
    method: "get",
    path: "/api/health",
    operationId: "getHealth",
    tag: "health",
    summary: "Check the server and its database",
    who: "anyone",
    session: "none",
    answers: { 200: json(W.Health, "The database answered.") },
  },
  {
    method: "get",
    path: "/api/ready",
    operationId: "getReadiness",
    tag: "health",
    summary: "Whether this copy should be sent requests",
    description:
      "For a load balancer's health check: 503 while the server starts (migrations, demo data), while its " +
      "database cannot be reached, and from the moment SIGTERM begins its drain.",
    who: "anyone",
    session: "none",
    answers: {
      200: json(W.Readiness, 'Ready: `{status: "ready"}`.'),
      503: json(W.Readiness, "Not now: `starting`, `draining` or `database unreachable`."),
    },
  },

  // products
  {
    method: "get",
    path: "/api/product",
    operationId: "listProducts",
    tag: "products",
    summary: "List and search the products",
    description:
      PAGED +
      " A search (`q`) finds a product when each word begins a word of its names or descriptions, in English or " +
      "Bangla (`chis` finds chisels); when no product holds the words, the names close to it (`chisle` finds " +
      "chisels). It is ranked by relevance unless a `sort` is given.",
    who: "anyone",
    session: "none",
    query: {
      q: { description: "Search text, at most 200 characters.", example: "chisel", required: false },
      category: {
        description: "A category's slug (`GET /api/category`); `other` is Other tools.",
        example: "other",
        required: false,
      },
      inStock: {
        description: "`true`: only products with at least a minimum order in stock.",
        example: "true",
        required: false,
      },
      sort: {
        description:
          "`relevance` (the default with `q`), `newest` (the default without), `price-asc`, `price-desc` or `name`.",
        example: "price-asc",
        required: false,
      },
      ...pageQuery,
    },
    answers: {
      200: json(W.ProductList, "A page of the products; prices in Tk.", pageHeaders),
      400: refused(
        `${BAD_PAGE} Or an unknown \`sort\` or \`category\`, \`q\` over 200 characters, \`inStock\` not true or false.`,
      ),
    },
  },
  {
    method: "get",
    path: "/api/product/{id}",
    operationId: "getProduct",
    tag: "products",
    summary: "Get one product",
    who: "anyone",
    session: "none",
    params: { id: id("product") },
    answers: { 200: json(W.ProductJson, "The product."), 404: refused("No such product (unknown or malformed id).") },
  },
  {
    method: "post",
    path: "/api/product",
    operationId: "addProduct",
    tag: "products",
    summary: "Add a product",
    description:
      "The image must be an address `POST /api/uploads` answered or one of the store's drawings. `maxPerOrder` " +
      "(optional, at least `minimumQuantity`) is the most pieces one order may take; without it, half of the stock. " +
      "`lowStockThreshold` (optional, a whole number from 0) is the stock below which the product is running low " +
      "(the admins' overview lists it); without it, twice `minimumQuantity`.",
    who: "admin",
    session: "required",
    body: jsonBody(B.ProductInput),
    answers: { 200: json(W.InsertedId, "The new product's id."), 400: refused(BAD_INPUT), 403: refused(ADMINS_ONLY) },
  },
  {
    method: "put",
    path: "/api/product/{id}",
    operationId: "updateProduct",
    tag: "products",
    summary: "Change a product",
    description:
      "Any of the product's fields; `{Availability}` alone sets the stock, `{maxPerOrder: null}` brings back the " +
      "half-of-the-stock limit. A `maxPerOrder` under the minimum quantity (sent or stored) is refused with 400. " +
      "`{lowStockThreshold: null}` brings back the default line, twice the minimum quantity.",
    who: "admin",
    session: "required",
    params: { id: id("product") },
    body: jsonBody(B.ProductUpdate),
    answers: {
      200: json(W.ProductUpdated, "Changed."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused("No such product."),
    },
  },
  {
    method: "delete",
    path: "/api/product/{id}",
    operationId: "deleteProduct",
    tag: "products",
    summary: "Delete a product",
    description: "Orders of it keep their copy of its name, image and price.",
    who: "admin",
    session: "required",
    params: { id: id("product") },
    answers: {
      200: json(W.DeletedCount, "Deleted."),
      403: refused(ADMINS_ONLY),
      404: refused("No such product."),
    },
  },
  // categories
  {
    method: "get",
    path: "/api/category",
    operationId: "listCategories",
    tag: "categories",
    summary: "List the categories",
    description:
      "In the shop's order (`position`, then the English name), each with how many products it holds. A product " +
      "names its category by `categoryId`; `/shop?category={slug}` and `GET /api/product?category={slug}` filter by it.",
    who: "anyone",
    session: "none",
    answers: { 200: json(W.CategoryList, "Every category.") },
  },
  {
    method: "post",
    path: "/api/category",
    operationId: "addCategory",
    tag: "categories",
    summary: "Add a category",
    description:
      "Its slug comes from the English name (a number is added when another category holds it). Without a " +
      "`position` it goes last, before Other tools.",
    who: "admin",
    session: "required",
    body: jsonBody(B.CategoryInput),
    answers: {
      200: json(W.InsertedId, "The new category's id."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      409: refused("Another category has that name, in English (whatever the case) or in Bangla."),
    },
  },
  {
    method: "put",
    path: "/api/category/{id}",
    operationId: "renameCategory",
    tag: "categories",
    summary: "Rename a category",
    description: "Both names, and the position when sent; the slug stays, so links to the category keep working.",
    who: "admin",
    session: "required",
    params: { id: id("category") },
    body: jsonBody(B.CategoryInput),
    answers: {
      200: json(W.CategoryRenamed, "Renamed."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused("No such category."),
      409: refused("Another category has that name."),
    },
  },
  {
    method: "delete",
    path: "/api/category/{id}",
    operationId: "removeCategory",
    tag: "categories",
    summary: "Remove an empty category",
    who: "admin",
    session: "required",
    params: { id: id("category") },
    answers: {
      200: json(W.DeletedCount, "Removed."),
      403: refused(ADMINS_ONLY),
      404: refused("No such category."),
      409: refused(
        "It still holds products (`category.not_empty`, with their `count`): move them first; or it is Other tools, " +
          "which stays (`category.keeps_other`).",
      ),
    },
  },
  {
    method: "post",
    path: "/api/uploads",
    operationId: "uploadImage",
    tag: "uploads",
    summary: "Upload a product image",
    description: "Answers in the shape the spec's image host used; put `data.url` in a product's `image`.",
    who: "admin",
    session: "required",
    body: multipartBody(B.ImageUpload),
    answers: {
      200: json(
        W.Uploaded,
        "Stored; `data.url` is the image's address: `/uploads/…`, or under the bucket's public address (S3_PUBLIC_URL).",
      ),
      400: refused("No `image` field, or a file that is not an image the store reads."),
      403: refused(ADMINS_ONLY),
      413: refused("Larger than 5 MB."),
      429: limited(
        "Over the uploads an admin (or an address, three admins' worth) may make in an hour; nothing stored.",
      ),
      502: refused("The image bucket (S3_BUCKET) did not answer; no product refers to what may have been stored."),
    },
  },

  // orders
  {
    method: "post",
    path: "/api/order",
    operationId: "placeOrder",
    tag: "orders",
    summary: "Place an order",
    description:
      "Only `productId`, `quantity` and `delivery` are read: the buyer comes from the session, the name, image and " +
      "price from the product. The stock is taken in the same transaction as the order is written.",
    who: "signed in",
    session: "required",
    headers: { "Idempotency-Key": idempotencyKey },
    body: jsonBody(B.OrderInput),
    answers: {
      200: json(W.InsertedId, "The order's id.", {
        "Idempotent-Replayed": {
          description: "`true` when this answers an earlier order with the same key.",
          example: "true",
        },
      }),
      400: refused(
        "Fewer pieces than the product's minimum (`You have to buy at least {min}`), a quantity off the steps of 20 " +
          "from the minimum (`quantity.off_step`), or a bad body.",
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
      429: limited(
        "Over the orders an account (or an address, three accounts' worth) may place in a minute; no stock taken.",
      ),
    },
  },
  {
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
      200: json(W.OrderList, "A page of the orders.", ORDER_PAGE_HEADERS),
      400: refused(
        "An unknown `status` or `sort`; `q` over 200 characters; a date not YYYY-MM-DD, or `from` after `to`; a " +
          "`page` or `limit` out of range, or a page past the first 10,000 orders; a `cursor` this list did not make.",
      ),
      403: refused(ADMINS_ONLY),
    },
  },
  {
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
      200: json(W.OrderList, "A page of their orders.", BUYER_ORDER_PAGE_HEADERS),
      400: refused("A `page` or `limit` that is not a whole number in range, or a page past the first 10,000 orders."),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
  },
  {
    method: "get",
    path: "/api/order/{email}/{orderId}",
    operationId: "getOrderOf",
    tag: "orders",
    summary: "Get one of a customer's orders",
    who: "that user or admin",
    session: "required",
    params: { email: email("The buyer's email."), orderId: id("order") },
    answers: {
      200: json(W.OrderJson, "The order."),
      403: refused(NOT_YOURS),
      404: refused("No such user, or no such order of theirs."),
    },
  },
  {
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
    body: jsonBody(B.PaymentProofInput),
    answers: {
      200: json(W.OrderPaid, "The order is paid."),
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
  },
  {
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
    body: jsonBody(B.CancelInput, true),
    answers: {
      200: json(W.DeletedCount, "Cancelled."),
      400: refused("The reason is longer than 500 characters, or the body is not JSON."),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused("Shipped, already cancelled or expired; for its buyer also paid, or with a payment under review."),
    },
  },
  {
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
      200: json(W.OrderRefunded, "Refunded."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("Nothing is due back on the order, or the provider refused the refund."),
      502: refused("The payment provider did not answer."),
    },
  },
  {
    method: "put",
    path: "/api/order/{id}/delivery",
    operationId: "setDelivery",
    tag: "orders",
    summary: "Say where an unpaid order goes",
    who: "the buyer",
    session: "required",
    params: { id: id("order") },
    body: jsonBody(B.DeliveryInput),
    answers: {
      200: json(W.ModifiedCount, "Saved."),
      400: refused(BAD_INPUT),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused("The order is already paid or confirmed."),
    },
  },
  {
    method: "post",
    path: "/api/order/{id}/cash-on-delivery",
    operationId: "confirmCashOnDelivery",
    tag: "orders",
    summary: "Choose cash on delivery",
    description:
      "The order's `status` becomes `cod`: it waits for the shop to confirm it (by phone) for COD_CONFIRM_HOURS, " +
      "then expires like an unpaid one; it is paid when the admin collects the cash. The cash-on-delivery orders " +
      "awaiting the shop for one delivery phone hold at most one order's worth of a product, whatever accounts " +
      "placed them (`order.phone_holding_limit`).",
    who: "the buyer",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(W.CashOnDelivery, "Chosen; waiting for the shop's confirmation."),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused(
        "Already paid or chosen, no delivery details yet, or the phone's awaiting orders hold enough of this tool.",
      ),
    },
  },
  {
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
      200: json(W.ModifiedCount, "Confirmed."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("Not a cash-on-delivery order waiting for the shop's confirmation."),
    },
  },
  {
    method: "post",
    path: "/api/order/{id}/collect",
    operationId: "collectCash",
    tag: "orders",
    summary: "Record a cash-on-delivery order's cash as received",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(W.PaymentRecorded, "Recorded; the transaction id starts with `COD-`."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("Not a cash-on-delivery order, or its cash was already collected."),
    },
  },
  {
    method: "post",
    path: "/api/order/{id}/accept-payment",
    operationId: "acceptHeldPayment",
    tag: "orders",
    summary: "Accept a payment the gateway held for review",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    answers: {
      200: json(W.PaymentRecorded, "The order is paid."),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("The order is already paid, or has no held payment."),
    },
  },
  {
    method: "put",
    path: "/api/order/{id}/status",
    operationId: "advanceOrder",
    tag: "orders",
    summary: "Mark an order shipped or delivered",
    description: "Paid or cash-on-delivery → shipped → delivered.",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    body: jsonBody(B.OrderStatusInput),
    answers: {
      200: json(W.ModifiedCount, "Moved along."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      404: refused(NO_ORDER),
      409: refused("The order is not in a state it can move on from."),
    },
  },

  // payments
  {
    method: "post",
    path: "/api/create-payment-intent",
    operationId: "startPayment",
    tag: "payments",
    summary: "Start paying for an order",
    description:
      "The amount is the order's, in BDT; nothing the client sends about money is read. A card provider answers a " +
      "client secret for its card form, a hosted gateway a page to send the customer to.",
    who: "the buyer (unpaid orders)",
    session: "required",
    body: jsonBody(B.PaymentIntentInput),
    answers: {
      200: json(W.PaymentStarted, "Started."),
      400: refused(BAD_INPUT),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused(
        "Already paid, to be paid in cash, or no delivery details yet; or the store takes no card payments.",
      ),
      502: refused("The payment provider did not answer."),
    },
  },
  {
    method: "post",
    path: "/api/payments/sslcommerz/session",
    operationId: "startSslcommerzPayment",
    tag: "payments",
    summary: "Start paying for an order on SSLCommerz's page",
    description: "Only when the store is configured for SSLCommerz (bKash, Nagad, cards and banks in Bangladesh).",
    who: "the buyer (unpaid orders)",
    session: "required",
    body: jsonBody(B.PaymentIntentInput),
    answers: {
      200: json(W.GatewaySession, "The gateway's page to send the customer to."),
      400: refused(BAD_INPUT),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused("No such order, or the store does not take SSLCommerz payments."),
      409: refused("Already paid, to be paid in cash, or no delivery details yet."),
      502: refused("SSLCommerz did not answer."),
    },
  },
  {
    method: "post",
    path: "/api/payments/sslcommerz/ipn",
    operationId: "sslcommerzIpn",
    tag: "payments",
    summary: "SSLCommerz's payment notification (IPN)",
    description: "The validation id is checked with SSLCommerz's validation API; only its answer counts.",
    who: "SSLCommerz",
    session: "none",
    body: formBody(B.SslcommerzNotification),
    answers: {
      200: json(W.Received, "Read; a validated payment marks its order paid."),
      400: refused("The payment was for another order, amount or currency."),
      402: refused("The payment has not succeeded."),
      404: refused("The store does not take SSLCommerz payments."),
      409: refused("The order was cancelled or is paid with another transaction."),
      502: refused("SSLCommerz's validation API did not answer."),
    },
  },
  {
    method: "post",
    path: "/api/payments/sslcommerz/return",
    operationId: "sslcommerzReturn",
    tag: "payments",
    summary: "The customer's browser coming back from SSLCommerz",
    description: "Settles the payment the way the IPN does, then sends the browser to the order's Pay Order page.",
    who: "the customer's browser, posted by SSLCommerz's page",
    session: "none",
    body: formBody(B.SslcommerzReturn),
    answers: {
      303: redirect(
        "To `/dashboard/payment/{orderId}?gateway=paid|held|refund_due|failed|cancelled`, or to My Orders.",
      ),
      404: refused("The store does not take SSLCommerz payments."),
    },
  },
  {
    method: "post",
    path: "/api/payments/test/confirm",
    operationId: "confirmTestCard",
    tag: "payments",
    summary: "Pay with a test card (built-in test processor only)",
    description:
      "Shaped like Stripe's confirm call, and honours Stripe's published test card numbers. Only in a store that " +
      "runs the test processor (the demo, or PAYMENT_PROVIDER=test); elsewhere 404. No money moves.",
    who: "holder of the client secret",
    session: "none",
    body: jsonBody(B.TestCardConfirmInput),
    answers: {
      200: json(W.TestCardPaid, "Paid; the order is paid too."),
      400: refused(BAD_INPUT),
      402: refused("The card was declined, or its details are wrong."),
      404: refused("No such payment intent, or the store does not use the test processor."),
      409: refused("Already paid, or the order cannot be paid."),
    },
  },
  {
    method: "post",
    path: "/api/payments/{provider}/webhook",
    operationId: "providerWebhook",
    tag: "payments",
    summary: "A card provider's webhook (Stripe)",
    description: "`payment_intent.succeeded` marks the order paid; other events are acknowledged and ignored.",
    who: "the payment provider (signed)",
    session: "none",
    params: { provider: { description: "The store's card provider: `stripe` (or `test`).", example: "stripe" } },
    headers: {
      "Stripe-Signature": { description: "Checked against STRIPE_WEBHOOK_SECRET.", example: "t=1700000000,v1=…" },
    },
    body: jsonBody(B.StripeEvent),
    answers: {
      200: json(W.Received, "Read."),
      400: refused("A bad signature, or an event that cannot be read."),
      402: refused("The payment has not succeeded."),
      404: refused("Not the store's card provider."),
      409: refused("The order was cancelled or is paid with another transaction."),
    },
  },

  // reviews
  {
    method: "get",
    path: "/api/review",
    operationId: "listReviews",
    tag: "reviews",
    summary: "List reviews",
    description: PAGED,
    who: "anyone",
    session: "none",
    query: pageQuery,
    answers: {
      200: json(W.ReviewList, "A page of the reviews, newest first, with each author's name and place.", pageHeaders),
      400: refused(BAD_PAGE),
    },
  },
  {
    method: "post",
    path: "/api/review",
    operationId: "addReview",
    tag: "reviews",
    summary: "Write a review",
    description: "The author comes from the session.",
    who: "signed in",
    session: "required",
    body: jsonBody(B.ReviewInput),
    answers: {
      200: json(W.InsertedId, "The review's id."),
      400: refused(BAD_INPUT),
      403: refused("A cookie-carried write from another site."),
      429: limited("Over the reviews an account (or an address, three accounts' worth) may write in an hour."),
    },
  },

  // users
  {
    method: "get",
    path: "/api/user",
    operationId: "listUsers",
    tag: "users",
    summary: "List accounts",
    description: PAGED,
    who: "admin",
    session: "required",
    query: {
      q: {
        description: "Any part of a name or e-mail, case ignored (`%` and `_` are themselves). At most 200 characters.",
        example: "nasrin",
        required: false,
      },
      ...pageQuery,
    },
    answers: {
      200: json(W.UserList, "A page of the accounts, newest first, each with its role.", pageHeaders),
      400: refused(`${BAD_PAGE} Or a search over 200 characters.`),
      403: refused(ADMINS_ONLY),
    },
  },
  {
    method: "put",
    path: "/api/user/admin/{email}",
    operationId: "makeAdmin",
    tag: "users",
    summary: "Make an account an admin",
    who: "admin",
    session: "required",
    params: { email: email("The account's email.") },
    answers: {
      200: json(W.ModifiedCount, "An admin now (0 when it already was)."),
      403: refused(ADMINS_ONLY),
      404: refused("No user with that email."),
    },
  },
  {
    method: "delete",
    path: "/api/user/admin/{email}",
    operationId: "removeAdmin",
    tag: "users",
    summary: "Remove another admin's role",
    description:
      "The account stays, as a customer, and so do its sessions. Never your own role, and never the last admin's: two admins removing each other at once leave one.",
    who: "admin",
    session: "required",
    params: { email: email("The admin's email.") },
    answers: {
      200: json(W.ModifiedCount, "A customer now (always 1)."),
      403: refused(ADMINS_ONLY),
      404: refused("No user with that email."),
      409: refused("Not an admin, your own role, or the last admin."),
    },
  },
  {
    method: "put",
    path: "/api/user/{email}",
    operationId: "getApiToken",
    tag: "users",
    summary: "Get a bearer token for API clients (and rename the account)",
    description: "Only for the account the caller is signed in as. `name` renames it; a different `email` is refused.",
    who: "that user",
    session: "required",
    params: { email: email("Your own email.") },
    body: jsonBody(B.UserUpdateInput),
    answers: {
      200: json(W.BearerToken, "The session's token."),
      400: refused(BAD_INPUT),
      403: refused("Not the account you are signed in as; or a cookie-carried write from another site."),
    },
  },
  {
    method: "delete",
    path: "/api/user/{email}",
    operationId: "deleteCustomer",
    tag: "users",
    summary: "Delete a customer's account",
    description: "Never your own, never an admin's, never one with orders.",
    who: "admin",
    session: "required",
    params: { email: email("The customer's email.") },
    answers: {
      200: json(W.DeletedCount, "Deleted, with its sessions and profile."),
      403: refused(ADMINS_ONLY),
      404: refused("No user with that email."),
      409: refused("Your own account, an admin, or a customer with orders."),
    },
  },
  {
    method: "get",
    path: "/api/admin/{email}",
    operationId: "isAdmin",
    tag: "users",
    summary: "Whether an account is an admin",
    who: "that user or admin",
    session: "required",
    params: { email: email("The account's email.") },
    answers: {
      200: json(W.IsAdmin, "Whether it is an admin."),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
  },

  // profiles
  {
    method: "get",
    path: "/api/profile/{email}",
    operationId: "getProfile",
    tag: "profiles",
    summary: "Get a profile",
    who: "that user or admin",
    session: "required",
    params: { email: email("The account's email.") },
    answers: {
      200: json(W.Profile, "The profile; empty strings where nothing was saved."),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
  },
  {
    method: "put",
    path: "/api/profile/{email}",
    operationId: "saveProfile",
    tag: "profiles",
    summary: "Save a profile",
    description: "Fields left out are saved empty.",
    who: "that user or admin",
    session: "required",
    params: { email: email("The account's email.") },
    body: jsonBody(B.ProfileInput),
    answers: {
      200: json(W.Acknowledged, "Saved."),
      400: refused(BAD_INPUT),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
  },

  // auth: Better Auth's own endpoints (server/accounts/auth-routes.ts passes /api/auth/* to it)
  {
    method: "post",
    path: "/api/auth/sign-up/email",
    operationId: "signUp",
    tag: "auth",
    summary: "Register",
    description: "Signs the new account in: the session cookie is set and the token is in `set-auth-token`.",
    who: "anyone",
    session: "none",
    body: jsonBody(B.SignUpInput),
    answers: {
      200: json(W.SignedUp, "Registered and signed in.", sessionHeaders),
      400: refused("A field breaks a rule."),
      403: refused("A request from another site."),
      422: refused("An account with that email exists."),
      429: json(W.RateLimited, "Too many attempts from this address; wait a minute."),
    },
  },
  {
    method: "post",
    path: "/api/auth/sign-in/email",
    operationId: "signIn",
    tag: "auth",
    summary: "Sign in with email and password",
    who: "anyone",
    session: "none",
    body: jsonBody(B.SignInInput),
    answers: {
      200: json(W.SignedIn, "Signed in.", sessionHeaders),
      400: refused("A field breaks a rule."),
      401: refused("Wrong email or password."),
      403: refused("A request from another site."),
      429: json(W.RateLimited, "Too many attempts from this address; wait a minute."),
    },
  },
  {
    method: "post",
    path: "/api/auth/sign-out",
    operationId: "signOut",
    tag: "auth",
    summary: "Sign out",
    description: "Ends the session of the cookie or bearer token sent, and clears the cookie.",
    who: "anyone",
    session: "optional",
    body: jsonBody(B.SignOutInput, true),
    answers: { 200: json(W.SignedOut, "Signed out.") },
  },
  {
    method: "get",
    path: "/api/auth/get-session",
    operationId: "getSession",
    tag: "auth",
    summary: "The current session",
    who: "anyone",
    session: "optional",
    answers: { 200: json(W.CurrentSession, "The session and its user, or `null` without one.") },
  },
  {
    method: "post",
    path: "/api/auth/request-password-reset",
    operationId: "requestPasswordReset",
    tag: "auth",
    summary: "Mail a password-reset link",
    description: "The same answer whether or not the account exists. The link is valid for an hour.",
    who: "anyone",
    session: "none",
    body: jsonBody(B.PasswordResetRequestInput),
    answers: {
      200: json(W.StatusTrue, "Sent, if the account exists."),
      400: refused("Not an email address."),
      429: json(W.RateLimited, "More than three requests a minute from this address."),
    },
  },
  {
    method: "get",
    path: "/api/auth/reset-password/{token}",
    operationId: "openPasswordResetLink",
    tag: "auth",
    summary: "The mailed password-reset link",
    who: "anyone",
    session: "none",
    params: { token: { description: "The token in the mailed link.", example: "aPidyUHPcU1gcdC2o0Lb1vSb" } },
    query: {
      callbackURL: { description: "The store's reset page.", example: "/reset-password", required: false },
    },
    answers: { 302: redirect("To the reset page with `?token=…`, or with `?error=INVALID_TOKEN`.") },
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    operationId: "resetPassword",
    tag: "auth",
    summary: "Choose a new password",
    description: "Ends every session of the account.",
    who: "holder of the mailed token",
    session: "none",
    body: jsonBody(B.PasswordResetInput),
    answers: {
      200: json(W.StatusTrue, "Changed."),
      400: refused("An unknown or expired token, or a password that breaks a rule."),
    },
  },
  {
    method: "post",
    path: "/api/auth/change-password",
    operationId: "changePassword",
    tag: "auth",
    summary: "Change the password",
    description:
      "Ends every other session of the account (cookies and bearer tokens), whatever `revokeOtherSessions` says, " +
      "and renews the caller's: its old token ends too, and the answer carries the new one (`token`, " +
      "`set-auth-token`, the cookie). Five tries an hour per account, right or wrong.",
    who: "signed in",
    session: "required",
    body: jsonBody(B.PasswordChangeInput),
    answers: {
      200: json(W.PasswordChanged, "Changed; the other sessions ended.", sessionHeaders),
      400: refused("A wrong current password (`INVALID_PASSWORD`), or a new one that breaks a rule."),
      401: refused("Not signed in."),
      403: refused("A request from another site."),
      429: json(W.RateLimited, "Over the account's five tries an hour, or the address's sign-in limit a minute."),
    },
  },
  {
    method: "post",
    path: "/api/auth/sign-in/social",
    operationId: "signInWithGoogle",
    tag: "auth",
    summary: "Start signing in with Google",
    description: "Answers Google's page to send the browser to, and sets the cookie that checks its return.",
    who: "anyone",
    session: "none",
    body: jsonBody(B.SocialSignInInput),
    answers: {
      200: json(W.SocialRedirect, "Google's sign-in page."),
      400: refused("A field breaks a rule."),
      404: refused("Google sign-in is not configured on this store."),
    },
  },
  {
    method: "get",
    path: "/api/auth/callback/{provider}",
    operationId: "oauthCallback",
    tag: "auth",
    summary: "Google's redirect back to the store",
    who: "the browser, sent by Google",
    session: "none",
    params: { provider: { description: "`google`.", example: "google" } },
    query: {
      code: { description: "Google's authorization code.", example: "4/0Ab…", required: false },
      state: { description: "The state the sign-in started with.", example: "k3J…", required: false },
    },
    answers: { 302: redirect("Signed in, to the `callbackURL`; or to the `errorCallbackURL` with `?error=…`.") },
  },

  // docs
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "docs",
    summary: "This document",
    who: "anyone",
    session: "none",
    answers: { 200: json(W.OpenApiDocument, "OpenAPI 3.1.") },
  },
  {
    method: "get",
    path: "/api/docs",
    operationId: "getApiReference",
    tag: "docs",
    summary: "This document, to read in a browser",
    who: "anyone",
    session: "none",
    answers: { 200: { description: "The reader's page.", other: "text/html" } },
  },
  {
    method: "get",
    path: "/api/docs/scalar.js",
    operationId: "getApiReferenceScript",
    tag: "docs",
    summary: "The reader's script (Scalar)",
    who: "anyone",
    session: "none",
    answers: { 200: { description: "Scalar's API reference, served by the store.", other: "text/javascript" } },
  },
];
