import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError, type ErrorKind } from "@server/errors";
import * as catalog from "@server/catalog/products";
import * as categories from "@server/catalog/categories";
import * as backInStock from "@server/back-in-stock/back-in-stock";
import * as couriers from "@server/couriers/couriers";
import * as payouts from "@server/couriers/payouts";
import * as parcelScreens from "@server/couriers/parcel-screens";
import * as sheets from "@server/catalog/catalog-sheet";
import type { RequestContext } from "@server/context/request-context";
import * as orders from "@server/orders/orders";
import * as invoices from "@server/orders/order-invoice";
import * as overview from "@server/overview/overview";
import * as phoneCodes from "@server/phone-codes/phone-codes";
import * as payments from "@server/payments/payments";
import * as expiry from "@server/orders/expire-orders";
import * as profiles from "@server/accounts/profiles";
import * as refunds from "@server/payments/refunds";
import * as reviews from "@server/reviews/reviews";
import * as productReviews from "@server/reviews/product-reviews";
import * as stock from "@server/stock/stock";
import * as uploads from "@server/uploads/uploads";
import * as users from "@server/accounts/users";
import * as carts from "@server/cart/cart";
import * as checkouts from "@server/checkout/checkout";
import * as addresses from "@server/delivery/addresses";
import * as zones from "@server/delivery/zones";
import { cart, cartLine, order, product, productVariant, savedAddress, smsOutbox } from "@server/db/schema";
import { and, eq } from "drizzle-orm";
import { insertCategory } from "@server/catalog/sql/category-rows";
import { sheetText, stockTakeRows } from "../support/catalog-csv";
import { as } from "../support/contexts";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { pngImage } from "../support/images";
import { TEST_DELIVERY } from "../support/orders";
import { aCustomer, anAdmin } from "../support/page-scenes";
import { useTestApp, type TestContext } from "../support/test-app";
import { useActors, type Actors } from "../support/use-case-actors";
import { anOrderOf } from "../support/use-case-scenes";

/**
 * Every use case that takes an actor, called directly (no door), by a stranger, by the customer who owns the
 * thing, by another customer and by an admin: "ok", or the kind of AppError it refuses with. Through STATUS_OF
 * each kind is the status the API answers (authorization-matrix.test.ts, the `door` named in each row); the
 * rows whose door is a page have no API call.
 */
type Who = "stranger" | "owner" | "other" | "admin";
const WHO: Who[] = ["stranger", "owner", "other", "admin"];
type Verdict = "ok" | ErrorKind;

/** What one cell works on, made fresh for it: a product, the owner's order of it, a customer without orders. */
interface Scene {
  productId: string;
  orderId: string;
  ownerEmail: string;
  ownerName: string;
  victimEmail: string;
  /** An admin made for the cell, for removing an admin's role. */
  adminEmail: string;
  /** An empty category made for the cell. */
  categoryId: string;
  /** The owner's cart line of the cell's product, and the owner's one saved address. */
  cartLineId: string;
  addressId: string;
  /** The owner's review of the cell's product, made by a row's `prepare` for the rows that need one. */
  reviewId?: string;
  /** The code sent to the phone of the cell's order, chosen for cash on delivery by a row's `prepare`. */
  code?: string;
}

interface Row {
  useCase: string;
  /** Where the use case is reached: the API call of the API matrix, or the page. */
  door: string;
  /** Called with the context of the cell's caller: a door's, with the actor its session names. */
  call: (ctx: RequestContext, s: Scene) => Promise<unknown>;
  expected: [stranger: Verdict, owner: Verdict, other: Verdict, admin: Verdict];
  /** Readies the cell's scene for this row before its fingerprint (a review written, say). */
  prepare?: (t: TestContext, s: Scene, a: Actors) => Promise<void>;
  /**
   * The use case counts the call against a rate limit before the refusal the row expects (by design: a refused
   * call spends its budget all the same), so a refusal may change the limits' counters, and nothing else.
   */
  counted?: true;
}

/**
 * The exported use cases that take no actor, and why they are not in the table: each is open to everyone, or
 * authenticated by something other than a session.
 */
const WITHOUT_ACTOR: Record<string, string> = {
  "backInStock.askBackInStock":
    "public write: anyone asks to be told once when a Stock Out tool is back; limited per phone or e-mail and per address",
  "backInStock.forgetStaleWatches":
    "the store's own clock: watches older than 90 days go, on every server copy (server/jobs/order-expiry.ts)",
  "catalog.listProducts": "public read: the catalog is for anyone",
  "catalog.getProduct": "public read: a product's page is for anyone",
  "catalog.popularProducts": "public read: the footer's links, on every page",
  "catalog.featuredProducts": "public read: the home page's few",
  "categories.listCategories": "public read: GET /api/category, the shop's filters",
  "categories.categoryOf": "public read: a product page names its category",
  "categories.categoryNamed": "public read: GET /api/category/{id}, one shelf by its id or slug",
  "reviews.listReviews": "public read: GET /api/review",
  "reviews.testimonials": "public read: the home page's testimonials",
  "productReviews.productReviews": "public read: GET /api/product/{id}/reviews, a tool's shown reviews",
  "payments.confirmTestCard": "the test processor's confirm call: the client secret is the caller's credential",
  "payments.receiveCardNotification": "the card provider's webhook: its signature authenticates it",
  "payments.receiveGatewayNotification": "the gateway's IPN: only the gateway's answer about its validation id counts",
  "couriers.receiveCourierWebhook":
    "a courier's webhook: the courier's own credential (a bearer token) authenticates it",
  "payments.gatewayReturn": "the browser back from the gateway: only the gateway's answer counts, and it never refuses",
  "orders.historiesOf": "the histories of orders a door was already allowed to show; it reads nothing else",
  "orders.linesOf": "the lines of orders a door was already allowed to show; it reads nothing else",
  "invoices.mushaksOf": "the Mushak-6.3 of orders a door was already allowed to show; it reads nothing else",
  "carts.dropStaleCarts": "the store's own clock: carts untouched for CART_DAYS go, whoever's they were",
  "zones.deliveryZones": "public read: the delivery charges, as every shop shows them",
  "expiry.expireOrders": "the store's own clock: no one asks for it, every server copy runs it (server/jobs/)",
  "couriers.trackParcel": "public read: a parcel's steps for whoever has its tracking code, nobody's name or address",
  "phoneCodes.sendCodeInTransaction":
    "the cash-on-delivery step's own hook (COD_VERIFY_PHONE), in its transaction, after that use case's guard",
  "parcelScreens.courierNames": "which couriers the shop has accounts with: names only, for the pages' buttons",
  "couriers.askAboutQuietParcels":
    "the store's own clock: parcels without news are asked about by every server copy (server/jobs/courier-polling.ts)",
};

const PRODUCT = {
  name: "Matrix Gauge",
  price: 100,
  availability: 10,
  minimumQuantity: 1,
  maxPerOrder: 5,
  description: "A gauge.",
  image: "/images/products/marking-gauge.svg",
};
/** Names no other category of the test's database has. */
const categoryNames = () => {
  const tag = randomUUID().slice(0, 8);
  return { nameEn: `Matrix shelf ${tag}`, nameBn: `তাক ${tag}` };
};
const photo = async () => new Blob([new Uint8Array(await pngImage(40, 30))], { type: "image/png" });

/** The test's delivery details, typed as the parsed schema hands them on. */
const DELIVERY = { ...TEST_DELIVERY, division: "Dhaka" as const };

const U = "unauthorized";
const F = "forbidden";

// prettier-ignore
const TABLE: Row[] = [
  //          stranger        owner        other          admin
  { expected: [U,             F,           F,             "ok"       ], useCase: "catalog.productsToManage",       door: "page: Manage Products",                  call: (ctx) => catalog.productsToManage(ctx) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "catalog.productToEdit",          door: "page: Edit Product",                     call: (ctx, s) => catalog.productToEdit(ctx, s.productId) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "catalog.addProduct",             door: "POST /api/product",                      call: (ctx) => catalog.addProduct(ctx, PRODUCT) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "catalog.updateProduct",          door: "PUT /api/product/{id}",                  call: (ctx, s) => catalog.updateProduct(ctx, s.productId, { availability: 5 }) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "catalog.deleteProduct",          door: "DELETE /api/product/{id}",               call: (ctx, s) => catalog.deleteProduct(ctx, s.productId) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "categories.addCategory",         door: "POST /api/category",                     call: (ctx) => categories.addCategory(ctx, categoryNames()) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "categories.renameCategory",      door: "PUT /api/category/{id}",                 call: (ctx, s) => categories.renameCategory(ctx, s.categoryId, categoryNames()) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "categories.removeCategory",      door: "DELETE /api/category/{id}",              call: (ctx, s) => categories.removeCategory(ctx, s.categoryId) },
  // The whole export is read: a refusal comes before its first row.
  { expected: [U,             F,           F,             "ok"       ], useCase: "sheets.exportCatalog",           door: "GET /api/products.csv",                  call: async (ctx) => readAll(await sheets.exportCatalog(ctx)) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "sheets.importCatalog",           door: "POST /api/products.csv",                 call: (ctx, s) => sheets.importCatalog(ctx, sheetText(stockTakeRows(s.productId)), { dryRun: false }) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "uploads.uploadImage",            door: "POST /api/uploads",                      call: async (ctx) => uploads.uploadImage(ctx, await photo()) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "orders.placeOrder",              door: "POST /api/order",                        call: (ctx, s) => orders.placeOrder(ctx, { productId: s.productId, quantity: 1 }) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "orders.listAllOrders",           door: "GET /api/order",                         call: (ctx) => orders.listAllOrders(ctx) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "orders.myOrders",                door: "page: My Orders",                        call: (ctx) => orders.myOrders(ctx) },
  { expected: [U,             "ok",        "not_found",   "not_found"], useCase: "orders.myOrder",                 door: "page: Pay Order",                        call: (ctx, s) => orders.myOrder(ctx, s.orderId) },
  { expected: [U,             "ok",        F,             "ok"       ], useCase: "orders.ordersOf",                door: "GET /api/order/{email}",                 call: (ctx, s) => orders.ordersOf(ctx, s.ownerEmail) },
  { expected: [U,             "ok",        F,             "ok"       ], useCase: "orders.orderOf",                 door: "GET /api/order/{email}/{id}",            call: (ctx, s) => orders.orderOf(ctx, s.ownerEmail, s.orderId) },
  { expected: [U,             "invalid",   F,             F          ], useCase: "payments.recordCardPayment",     door: "PATCH /api/order/{id}",                  call: (ctx, s) => payments.recordCardPayment(ctx, s.orderId, { transactionId: "pi_test_unknown" }) },
  { expected: [U,             "ok",        "not_found",   "ok"       ], useCase: "orders.orderDetail",             door: "page: Order view",                       call: (ctx, s) => orders.orderDetail(ctx, s.orderId) },
  { expected: [U,             "ok",        "not_found",   "ok"       ], useCase: "invoices.orderInvoice",          door: "page: Invoice",                          call: (ctx, s) => invoices.orderInvoice(ctx, s.orderId) },
  { expected: [U,             "ok",        F,             "ok"       ], useCase: "orders.cancelOrder",             door: "DELETE /api/order/{id}",                 call: (ctx, s) => orders.cancelOrder(ctx, s.orderId) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "orders.cancelByShop",            door: "page: Manage Orders, Order view",        call: (ctx, s) => orders.cancelByShop(ctx, s.orderId, { reason: "Discontinued." }) },
  // Nothing is due on a fresh order: an admin is told so.
  { expected: [U,             F,           F,             "conflict" ], useCase: "refunds.refundOrder",            door: "POST /api/order/{id}/refund",            call: (ctx, s) => refunds.refundOrder(ctx, s.orderId) },
  { expected: [U,             "ok",        F,             F          ], useCase: "orders.setDelivery",             door: "PUT /api/order/{id}/delivery",           call: (ctx, s) => orders.setDelivery(ctx, s.orderId, TEST_DELIVERY) },
  { expected: [U,             "ok",        F,             F          ], useCase: "orders.chooseCashOnDelivery",    door: "POST /api/order/{id}/cash-on-delivery",  call: (ctx, s) => orders.chooseCashOnDelivery(ctx, s.orderId) },
  { expected: [U,             F,           F,             "conflict" ], useCase: "orders.collectCash",             door: "POST /api/order/{id}/collect",           call: (ctx, s) => orders.collectCash(ctx, s.orderId) },
  { expected: [U,             F,           F,             "conflict" ], useCase: "orders.confirmOrder",            door: "POST /api/order/{id}/confirm",           call: (ctx, s) => orders.confirmOrder(ctx, s.orderId) },
  // COD_VERIFY_PHONE on (the rows' `prepare` turns it on): the owner chose cash on delivery, and a code went to the phone.
  { expected: [U,             "ok",        F,             F          ], useCase: "phoneCodes.sendPhoneCode",       door: "POST /api/order/{id}/phone-code",        call: (ctx, s) => phoneCodes.sendPhoneCode(ctx, s.orderId), prepare: codeSent, counted: true },
  { expected: [U,             "ok",        F,             F          ], useCase: "phoneCodes.checkPhoneCode",      door: "POST /api/order/{id}/phone-code/verify", call: (ctx, s) => phoneCodes.checkPhoneCode(ctx, s.orderId, { code: s.code }), prepare: codeSent, counted: true },
  // No courier account is configured here: an admin is told so, before the order is looked at.
  { expected: [U,             F,           F,             "invalid"  ], useCase: "couriers.bookCourier",           door: "POST /api/order/{id}/courier",           call: (ctx, s) => couriers.bookCourier(ctx, s.orderId, { courier: "steadfast" }) },
  { expected: [U,             "ok",        "not_found",   "ok"       ], useCase: "parcelScreens.orderParcel",      door: "page: Order view",                       call: (ctx, s) => parcelScreens.orderParcel(ctx, s.orderId) },
  // No courier account is configured here: an admin is told so, before any order is looked at.
  { expected: [U,             F,           F,             "invalid"  ], useCase: "parcelScreens.bookCouriers",     door: "page: Manage Orders, Order view",        call: (ctx, s) => parcelScreens.bookCouriers(ctx, { courier: "steadfast", orders: [s.orderId] }) },
  // The cell's order has no parcel, so no slip.
  { expected: [U,             F,           F,             "conflict" ], useCase: "parcelScreens.packingSlips",     door: "page: Packing slips",                    call: (ctx, s) => parcelScreens.packingSlips(ctx, { orders: [s.orderId] }) },
  // A fresh order is not shipped: an admin is told it cannot come back.
  { expected: [U,             F,           F,             "conflict" ], useCase: "orders.receiveBack",             door: "POST /api/order/{id}/returned",          call: (ctx, s) => orders.receiveBack(ctx, s.orderId), counted: true },
  // The cell's order has no parcel, so no courier holds its cash.
  { expected: [U,             F,           F,             "conflict" ], useCase: "payouts.recordCourierPayout",    door: "POST /api/courier-payouts",              call: (ctx, s) => payouts.recordCourierPayout(ctx, { courier: "steadfast", orders: [s.orderId], amount: 0 }), counted: true },
  { expected: [U,             F,           F,             "ok"       ], useCase: "payouts.courierPayouts",         door: "GET /api/courier-payouts",               call: (ctx) => payouts.courierPayouts(ctx, {}) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "payouts.courierHeldParcels",     door: "GET /api/courier-payouts/held",          call: (ctx) => payouts.courierHeldParcels(ctx, { courier: "steadfast" }) },
  { expected: [U,             F,           F,             "conflict" ], useCase: "orders.advance",                 door: "PUT /api/order/{id}/status",             call: (ctx, s) => orders.advance(ctx, s.orderId, { status: "shipped" }) },
  { expected: [U,             F,           F,             "conflict" ], useCase: "orders.acceptPayment",           door: "POST /api/order/{id}/accept-payment",    call: (ctx, s) => orders.acceptPayment(ctx, s.orderId) },
  { expected: [U,             "ok",        F,             F          ], useCase: "payments.startCardPayment",      door: "POST /api/create-payment-intent",        call: (ctx, s) => payments.startCardPayment(ctx, { orderId: s.orderId }) },
  // No gateway is configured: whoever is signed in is told there is none.
  { expected: [U,             "not_found", "not_found",   "not_found"], useCase: "payments.startGatewayPayment",   door: "POST /api/payments/sslcommerz/session",  call: (ctx, s) => payments.startGatewayPayment(ctx, { orderId: s.orderId }) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "reviews.addReview",              door: "POST /api/review",                       call: (ctx) => reviews.addReview(ctx, { rating: 4, comment: "Sharp." }) },
  { expected: [U,             "ok",        F,             "ok"       ], useCase: "profiles.getProfile",            door: "GET /api/profile/{email}",               call: (ctx, s) => profiles.getProfile(ctx, s.ownerEmail) },
  { expected: [U,             "ok",        F,             "ok"       ], useCase: "profiles.saveProfile",           door: "PUT /api/profile/{email}",               call: (ctx, s) => profiles.saveProfile(ctx, s.ownerEmail, { education: "BSc" }) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "profiles.myProfile",             door: "page: My Profile",                       call: (ctx) => profiles.myProfile(ctx) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "profiles.saveMyProfile",         door: "page: My Profile's form",                call: (ctx) => profiles.saveMyProfile(ctx, { education: "BSc" }) },
  { expected: [U,             "ok",        F,             "ok"       ], useCase: "users.isAdmin",                  door: "GET /api/admin/{email}",                 call: (ctx, s) => users.isAdmin(ctx, s.ownerEmail) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "overview.shopOverview",          door: "page: Overview",                         call: (ctx) => overview.shopOverview(ctx, { days: "7" }) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "users.listUsers",                door: "GET /api/user",                          call: (ctx) => users.listUsers(ctx) },
  { expected: [U,             "ok",        F,             F          ], useCase: "users.confirmAccount",           door: "PUT /api/user/{email}",                  call: (ctx, s) => users.confirmAccount(ctx, s.ownerEmail, { name: s.ownerName }) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "users.promoteToAdmin",           door: "PUT /api/user/admin/{email}",            call: (ctx, s) => users.promoteToAdmin(ctx, s.victimEmail) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "users.demoteFromAdmin",          door: "DELETE /api/user/admin/{email}",         call: (ctx, s) => users.demoteFromAdmin(ctx, s.adminEmail) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "users.deleteUser",               door: "DELETE /api/user/{email}",               call: (ctx, s) => users.deleteUser(ctx, s.victimEmail) },
  // A cart is the caller's own: a guest's by its cookie, a customer's by the account; another's line is not found.
  { expected: ["ok",          "ok",        "ok",          "ok"       ], useCase: "carts.viewCart",                 door: "GET /api/cart",                          call: (ctx) => carts.viewCart(ctx) },
  { expected: ["ok",          "ok",        "ok",          "ok"       ], useCase: "carts.cartLineCount",            door: "page: the navbar's cart",                call: (ctx) => carts.cartLineCount(ctx) },
  { expected: ["ok",          "ok",        "ok",          "ok"       ], useCase: "carts.addToCart",                door: "POST /api/cart/items",                   call: (ctx, s) => carts.addToCart(ctx, { productId: s.productId, quantity: 1 }) },
  { expected: ["not_found",   "ok",        "not_found",   "not_found"], useCase: "carts.changeCartLine",           door: "PATCH /api/cart/items/{id}",             call: (ctx, s) => carts.changeCartLine(ctx, s.cartLineId, { quantity: 21 }) },
  { expected: ["not_found",   "ok",        "not_found",   "not_found"], useCase: "carts.removeCartLine",           door: "DELETE /api/cart/items/{id}",            call: (ctx, s) => carts.removeCartLine(ctx, s.cartLineId) },
  { expected: ["ok",          "ok",        "ok",          "ok"       ], useCase: "carts.cartToOrder",              door: "POST /api/checkout",                     call: (ctx) => carts.cartToOrder(ctx) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "checkouts.checkout",             door: "POST /api/checkout",                     call: (ctx, s) => checkouts.checkout(ctx, { delivery: TEST_DELIVERY, only: { productId: s.productId, quantity: 1 } }) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "checkouts.checkoutSummary",      door: "page: Checkout",                         call: (ctx, s) => checkouts.checkoutSummary(ctx, { district: "Sylhet", only: { productId: s.productId, quantity: 1 } }) },
  { expected: ["ok",          "ok",        "ok",          "ok"       ], useCase: "checkouts.quoteDelivery",        door: "GET /api/delivery-charge",               call: (ctx) => checkouts.quoteDelivery(ctx, { district: "Sylhet" }) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "zones.setDeliveryZones",         door: "PUT /api/delivery-zones",                call: async (ctx) => zones.setDeliveryZones(ctx, { zones: (await zones.deliveryZones(ctx)).map(zoneInput) }) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "addresses.myAddresses",          door: "GET /api/addresses",                     call: (ctx) => addresses.myAddresses(ctx) },
  { expected: [U,             "ok",        "not_found",   "not_found"], useCase: "addresses.myAddress",            door: "page: Checkout's saved address",         call: (ctx, s) => addresses.myAddress(ctx, s.addressId) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "addresses.addAddress",           door: "POST /api/addresses",                    call: (ctx) => addresses.addAddress(ctx, { delivery: TEST_DELIVERY }) },
  { expected: [U,             "ok",        "not_found",   "not_found"], useCase: "addresses.changeAddress",        door: "PUT /api/addresses/{id}",                call: (ctx, s) => addresses.changeAddress(ctx, s.addressId, { delivery: { ...TEST_DELIVERY, name: "Rahim" } }) },
  { expected: [U,             "ok",        "not_found",   "not_found"], useCase: "addresses.removeAddress",        door: "DELETE /api/addresses/{id}",             call: (ctx, s) => addresses.removeAddress(ctx, s.addressId) },
  { expected: [U,             "ok",        "not_found",   "not_found"], useCase: "addresses.makeDefaultAddress",   door: "page: My Profile's address book",        call: (ctx, s) => addresses.makeDefaultAddress(ctx, s.addressId) },
  { expected: [U,             "ok",        "ok",          "ok"       ], useCase: "addresses.rememberAddress",      door: "after POST /api/checkout",               call: (ctx) => addresses.rememberAddress(ctx, { ...DELIVERY, name: "Someone Else" }) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "stock.stockLedger",              door: "GET /api/product/{id}/stock",            call: (ctx, s) => stock.stockLedger(ctx, s.productId) },
  { expected: [U,             F,           F,             "ok"       ], useCase: "stock.recordStockChange",        door: "POST /api/product/{id}/stock",           call: (ctx, s) => stock.recordStockChange(ctx, s.productId, { reason: "received", change: 5 }) },
  // A tool's reviews: a buyer whose order of it was delivered writes one (the owner); only its author changes it,
  // only an admin hides or shows it, and anyone signed in but its author finds it helpful.
  { expected: ["ok",          "ok",        "ok",          "ok"       ], useCase: "productReviews.reviewCorner",    door: "page: Product (its reviews)",            call: (ctx, s) => productReviews.reviewCorner(ctx, s.productId), prepare: withReview },
  { expected: [U,             "ok",        F,             F          ], useCase: "productReviews.addProductReview", door: "POST /api/product/{id}/reviews",        call: (ctx, s) => productReviews.addProductReview(ctx, s.productId, { rating: 4.5, comment: "Sharp." }), prepare: delivered, counted: true },
  { expected: [U,             "ok",        F,             F          ], useCase: "productReviews.changeProductReview", door: "PUT /api/product-reviews/{id}",      call: (ctx, s) => productReviews.changeProductReview(ctx, s.reviewId, { rating: 3, comment: "Blunt after a month." }), prepare: withReview, counted: true },
  { expected: [U,             F,           F,             "ok"       ], useCase: "productReviews.hideProductReview", door: "PUT /api/product-reviews/{id}/hidden", call: (ctx, s) => productReviews.hideProductReview(ctx, s.reviewId, { reason: "Names a person." }), prepare: withReview },
  { expected: [U,             F,           F,             "ok"       ], useCase: "productReviews.showProductReview", door: "DELETE /api/product-reviews/{id}/hidden", call: (ctx, s) => productReviews.showProductReview(ctx, s.reviewId), prepare: withHiddenReview },
  { expected: [U,             F,           "ok",          "ok"       ], useCase: "productReviews.markReviewHelpful", door: "POST /api/product-reviews/{id}/helpful", call: (ctx, s) => productReviews.markReviewHelpful(ctx, s.reviewId), prepare: withReview, counted: true },
];

/**
 * The cell's order delivered, which lets its buyer (the owner) review the product. Written directly: no payment
 * provider is configured here, and shipping and delivering need a paid order.
 */
async function codeSent(t: TestContext, s: Scene, a: Actors) {
  // The store confirms cash on delivery by phone code from here on: no row before or after depends on it.
  t.services.phoneCodes = phoneCodes.sendCodeInTransaction;
  await orders.chooseCashOnDelivery(as(t, a.owner), s.orderId);
  const [sms] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.orderId, s.orderId), eq(smsOutbox.kind, "phone_code")));
  s.code = sms!.params!.code;
}

async function delivered(t: TestContext, s: Scene) {
  await t.database.db.update(order).set({ status: "delivered" }).where(eq(order.id, s.orderId));
}

/** The owner's review of the cell's product, through the use case, once the order is delivered. */
async function withReview(t: TestContext, s: Scene, a: Actors) {
  await delivered(t, s);
  s.reviewId = await productReviews.addProductReview(as(t, a.owner), s.productId, {
    rating: 4,
    comment: "Holds its setting.",
  });
}

/** The owner's review, hidden by an admin. */
async function withHiddenReview(t: TestContext, s: Scene, a: Actors) {
  await withReview(t, s, a);
  await productReviews.hideProductReview(as(t, a.admin), s.reviewId, { reason: "Off topic." });
}

/** Every chunk of a stream of text (Node 20 has no `Array.fromAsync`). */
async function readAll(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

/** A zone as it was read, in the shape PUT /api/delivery-zones takes (Tk). */
function zoneInput(z: Awaited<ReturnType<typeof zones.deliveryZones>>[number]) {
  return {
    id: z.id,
    firstKg: z.firstKgPoisha / 100,
    perKg: z.perKgPoisha / 100,
    freeAbove: z.freeAbovePoisha === null ? null : z.freeAbovePoisha / 100,
    codAvailable: z.codAvailable,
    advanceDeliveryCharge: z.advanceDeliveryCharge,
    districts: z.districts,
  };
}

const MODULES = {
  addresses,
  backInStock,
  carts,
  catalog,
  categories,
  checkouts,
  couriers,
  expiry,
  invoices,
  orders,
  overview,
  payments,
  parcelScreens,
  payouts,
  phoneCodes,
  productReviews,
  profiles,
  refunds,
  reviews,
  sheets,
  stock,
  uploads,
  users,
  zones,
};

/** Where each module of the table lives, for the check that no module of use cases is left out. */
const MODULE_FILES: Record<keyof typeof MODULES, string> = {
  addresses: "server/delivery/addresses.ts",
  backInStock: "server/back-in-stock/back-in-stock.ts",
  carts: "server/cart/cart.ts",
  catalog: "server/catalog/products.ts",
  categories: "server/catalog/categories.ts",
  checkouts: "server/checkout/checkout.ts",
  couriers: "server/couriers/couriers.ts",
  expiry: "server/orders/expire-orders.ts",
  invoices: "server/orders/order-invoice.ts",
  orders: "server/orders/orders.ts",
  overview: "server/overview/overview.ts",
  payments: "server/payments/payments.ts",
  parcelScreens: "server/couriers/parcel-screens.ts",
  payouts: "server/couriers/payouts.ts",
  phoneCodes: "server/phone-codes/phone-codes.ts",
  productReviews: "server/reviews/product-reviews.ts",
  profiles: "server/accounts/profiles.ts",
  refunds: "server/payments/refunds.ts",
  reviews: "server/reviews/reviews.ts",
  sheets: "server/catalog/catalog-sheet.ts",
  stock: "server/stock/stock.ts",
  uploads: "server/uploads/uploads.ts",
  users: "server/accounts/users.ts",
  zones: "server/delivery/zones.ts",
};

/**
 * The files that export functions taking a RequestContext first that are not use cases, and why: helpers the use
 * cases call with their own context, after their own guard.
 */
const NOT_USE_CASES: Record<string, string> = {
  "server/limits/within-limits.ts": "the rate limits' count, called by use cases after their guard",
  "server/payments/provider-calls.ts": "the payment provider a use case reaches, after its guard",
  "server/catalog/catalog-change.ts":
    "a catalog change's aftermath (the cache's version), wrapped around a use case's write",
};

/** An exported function whose first parameter is a RequestContext: `export async function f(ctx: RequestContext`. */
const TAKES_CONTEXT = /export\s+(?:async\s+)?function\s+\w+\s*(?:<[^>]*>)?\(\s*\w+\s*:\s*RequestContext\b/;

/** The files under server/ that export a function taking a RequestContext first. */
function filesTakingContext(): string[] {
  const root = path.resolve(import.meta.dirname, "../..");
  return readdirSync(path.join(root, "server"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.posix.join("server", file.split(path.sep).join("/")))
    .filter((file) => TAKES_CONTEXT.test(readFileSync(path.join(root, file), "utf8")));
}

const exportedUseCases = Object.entries(MODULES).flatMap(([feature, module]) =>
  Object.entries(module)
    .filter(([, value]) => typeof value === "function")
    .map(([name]) => `${feature}.${name}`),
);

async function verdictOf(call: () => Promise<unknown>): Promise<Verdict> {
  try {
    await call();
    return "ok";
  } catch (err) {
    if (err instanceof AppError) return err.kind;
    throw err;
  }
}

describe("use-case authorization matrix: every use case with an actor, called by a stranger, the owner, another customer and an admin", () => {
  const t = useTestApp();
  const actors = useActors(t);

  async function scene(a: Actors): Promise<Scene> {
    const { productId, orderId } = await anOrderOf(t, a.owner, 1, { minimumQuantity: 1 });
    const { email: victimEmail } = await aCustomer(t);
    const { email: adminEmail } = await anAdmin(t);
    // The owner's cart and address book start afresh in each cell, with one line and one address.
    await t.database.db.delete(cart).where(eq(cart.userId, a.owner.id));
    await t.database.db.delete(savedAddress).where(eq(savedAddress.userId, a.owner.id));
    // Written directly: the cells' own calls are what the rate limits count.
    const [ownerCart] = await t.database.db.insert(cart).values({ userId: a.owner.id }).returning();
    const [inCart] = await t.database.db
      .insert(product)
      .values({
        name: "Matrix Chisel",
        image: PRODUCT.image,
        pricePoisha: 100,
        priceFromPoisha: 100,
        minimumQuantity: 1,
        availability: 50,
      })
      .returning();
    const [inCartVariant] = await t.database.db
      .insert(productVariant)
      .values({
        productId: inCart!.id,
        position: 0,
        sku: `MX-${inCart!.id.slice(0, 8)}`,
        pricePoisha: 100,
        minimumQuantity: 1,
        availability: 50,
      })
      .returning();
    const [line] = await t.database.db
      .insert(cartLine)
      .values({
        cartId: ownerCart!.id,
        productId: inCart!.id,
        variantId: inCartVariant!.id,
        quantity: 1,
        pricePoishaSeen: 100,
      })
      .returning();
    const [address] = await t.database.db
      .insert(savedAddress)
      .values({ userId: a.owner.id, delivery: DELIVERY, isDefault: true })
      .returning();
    return {
      cartLineId: line!.id,
      addressId: address!.id,
      productId: productId!,
      orderId: orderId!,
      ownerEmail: a.owner.email,
      ownerName: a.owner.name,
      victimEmail,
      adminEmail,
      categoryId: (await insertCategory(t.database.db, categoryNames())).id,
    };
  }

  it("has a row for every exported use case that takes an actor, and a reason for each one that takes none", () => {
    const named = [...TABLE.map((row) => row.useCase), ...Object.keys(WITHOUT_ACTOR)];
    expect(named.sort()).toEqual(exportedUseCases.sort());
  });

  it("lists every module under server/ that exports use cases, and a reason for each other file that takes a context", () => {
    const listed = [...Object.values(MODULE_FILES), ...Object.keys(NOT_USE_CASES)];
    expect(filesTakingContext().sort()).toEqual(listed.sort());
  });

  for (const row of TABLE) {
    it.each(WHO.map((who, i) => [who, row.expected[i]!] as const))(
      `${row.useCase} (${row.door}) as %s → %s, and a refusal changes no row${row.counted ? " but the rate limits' counters" : ""}`,
      async (who, expected) => {
        const s = await scene(actors);
        await row.prepare?.(t, s, actors);
        const actor = who === "stranger" ? null : actors[who];
        const ignored = row.counted ? CALLS_COUNTED : {};
        const before = await fingerprint(t.database, ignored);
        const verdict = await verdictOf(() => row.call(as(t, actor), s));
        const changed = changedTables(before, await fingerprint(t.database, ignored));
        expect(verdict).toBe(expected);
        if (verdict !== "ok") expect(changed, `${verdict} changed rows`).toEqual([]);
      },
    );
  }
});
