import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { order, OTHER_CATEGORY_ID } from "@server/db/schema";
import { insertCategory } from "@server/catalog/sql/category-rows";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { anAccountCartLine, anAddressBook, noCartsOf } from "../support/cart-page-scenes";
import { CALLS_COUNTED, changedTables, fingerprint, type Ignored } from "../support/fingerprint";
import { usePageApp, type PageContext } from "../support/page-app";
import {
  aCashOnDeliveryOrder,
  aCustomer,
  aHeldPayment,
  aParcelWithCash,
  anAdmin,
  anOrder,
  aPaidOrder,
  aProduct,
  aRefundDue,
  aShippedOrder,
  nobody,
  type Scene,
} from "../support/page-scenes";
import { TEST_DELIVERY } from "../support/orders";

/**
 * Every page action that writes, posted as a browser without JavaScript posts a form, by a stranger, by the
 * customer who owns the thing, by another customer and by an admin: the verdict each one gets. Where the same
 * mistake has a status through the API (authorization-matrix.test.ts), the page answers with that status.
 */
type Who = "anonymous" | "owner" | "other" | "admin";
const WHO: Who[] = ["anonymous", "owner", "other", "admin"];

/**
 * - `done`: 200, and the page shows what the action did (a success toast).
 * - `placed`: Place order's answer to a document post, a redirect to the Pay Order page of a new unpaid order of
 *   the poster's; `cod`: to the order's own page, the new order awaiting cash on delivery.
 * - `login`: a redirect to /login?redirectTo=<the page>, to come back after signing in.
 * - `home`: a redirect to / (My Orders signs out a visitor without a session, spec §4).
 * - a status: refused with it, and the page says why.
 */
type Verdict = "done" | "placed" | "cod" | "login" | "home" | 400 | 403 | 404 | 409;

interface Accounts {
  owner: TestAccount;
  other: TestAccount;
  admin: TestAccount;
}

interface PageAction {
  action: string;
  /** What the post works on; the owner's things. */
  scene: (t: PageContext, a: Accounts) => Promise<Scene>;
  post: (s: Scene) => { path: string; fields: Record<string, string | string[]> };
  expected: [anonymous: Verdict, owner: Verdict, other: Verdict, admin: Verdict];
  /** Tables a post that does what it asks must change (beside any others), and tables it must leave alone. */
  changes?: string[];
  keeps?: string[];
  /** A done post that writes nothing (a dry run): it must change no table at all. */
  writesNothing?: true;
}

/**
 * Bookkeeping, not the store's rows: My Orders signs a visitor out through Better Auth's handler, which counts the
 * request; Place order and the cart's forms count a write the domain refuses against the store's rate limits.
 */
const COUNTED: Ignored = { tables: ["public.rate_limit", ...CALLS_COUNTED.tables!] };

const none = () => Promise.resolve({});
const ownersOrder = (t: PageContext, a: Accounts) => anOrder(t, a.owner);
const profile = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };
const manageOrder = (intent: string) => (s: Scene) => ({
  path: "/dashboard/manageorder",
  fields: { intent, orderId: s.orderId! },
});
const makeAdmin = (intent: string) => (s: Scene) => ({ path: "/dashboard/admin", fields: { intent, email: s.email! } });
const addToCart = (quantity: string) => (s: Scene) => ({
  path: "/cart",
  fields: { intent: "add", productId: s.productId!, quantity },
});
const cartLine =
  (intent: "set" | "remove", quantity = "40") =>
  (s: Scene): { path: string; fields: Record<string, string> } => ({
    path: "/cart",
    fields: intent === "set" ? { intent, lineId: s.lineId!, quantity } : { intent, lineId: s.lineId! },
  });
const ownersCartLine = (t: PageContext, a: Accounts) => anAccountCartLine(t, a.owner);
/** Place order's form as checkout draws it for a new address, with a fresh attempt key, and what `change` changes. */
const orderForm = (change: Record<string, string> = {}) => ({
  addressId: "new",
  ...TEST_DELIVERY,
  paymentMethod: "card",
  attempt: randomUUID(),
  ...change,
});
/** Buy It Now: the product page's GET form opens checkout with its line alone, and Place order posts there. */
const buyNow =
  (quantity: string, change: Record<string, string> = {}) =>
  (s: Scene) => ({
    path: `/checkout?productId=${s.productId}&quantity=${quantity}`,
    fields: orderForm(change),
  });
/** Place order of the cart: the owner's cart holds a line, the other customer's and the admin's hold none. */
const ownersCartAlone = async (t: PageContext, a: Accounts) => {
  await noCartsOf(t, [a.other, a.admin]);
  return anAccountCartLine(t, a.owner);
};
const placeOrder =
  (change: Record<string, string> = {}) =>
  () => ({ path: "/checkout", fields: orderForm(change) });
/** A product to buy now, and the owner's address book of one address (everyone else's empty). */
const productAndOwnersAddress = async (t: PageContext, a: Accounts) => ({
  ...(await aProduct(t)),
  ...(await anAddressBook(t, a.owner, 1, [a.other, a.admin])),
});
const toSavedAddress = (s: Scene) => buyNow("20", { addressId: s.addressId! })(s);
/** Delivery charges as /dashboard/delivery sends them: each zone's fields, a ticked box's name once per district. */
const zonesForm =
  (change: Record<string, string | string[]> = {}) =>
  () => ({
    path: "/dashboard/delivery",
    fields: {
      "dhaka_city.firstKg": "70",
      "dhaka_city.perKg": "15",
      "dhaka_city.codAvailable": "on",
      "dhaka_city.district": ["Dhaka"],
      "dhaka_suburbs.firstKg": "100",
      "dhaka_suburbs.perKg": "20",
      "dhaka_suburbs.freeAbove": "",
      "dhaka_suburbs.codAvailable": "on",
      "dhaka_suburbs.district": ["Gazipur", "Narayanganj", "Tangail"],
      "outside_dhaka.firstKg": "130",
      "outside_dhaka.perKg": "25",
      "outside_dhaka.freeAbove": String(5000 + Math.floor(Math.random() * 1000)),
      "outside_dhaka.codAvailable": "on",
      ...change,
    },
  });
/** My Profile's address book: the owner's addresses (two, the first the default), everyone else's none. */
const ownersAddresses = (t: PageContext, a: Accounts) => anAddressBook(t, a.owner, 2, [a.other, a.admin]);
const noAddresses = (t: PageContext, a: Accounts) => anAddressBook(t, a.owner, 0, [a.other, a.admin]);
const addressForm =
  (intent: string, change: Record<string, string> = {}) =>
  (s: Scene) => ({
    path: "/dashboard/profile",
    fields: {
      intent,
      ...(s.addressId ? { addressId: intent === "address-default" ? s.secondAddressId! : s.addressId } : {}),
      ...(intent === "address-add" || intent === "address-save" ? { ...TEST_DELIVERY, address: "Road 7, Uttara" } : {}),
      ...change,
    },
  });
const cancel = (s: Scene) => ({ path: "/dashboard/orders", fields: { orderId: s.orderId! } });
const orderView = (fields: Record<string, string>) => (s: Scene) => ({
  path: `/dashboard/order/${s.orderId}`,
  fields,
});
const withReason = (intent: string) => (s: Scene) => ({
  path: "/dashboard/manageorder",
  fields: { intent, orderId: s.orderId!, reason: "The tool is discontinued." },
});
/** Payouts' form: Steadfast paid out the scene's order's cash, `amount` Tk of it. */
const payout = (amount: string) => (s: Scene) => ({
  path: "/dashboard/payouts",
  fields: { courier: "steadfast", orders: [s.orderId!], amount },
});
const deleteProduct = (s: Scene) => ({ path: "/dashboard/manageproduct", fields: { productId: s.productId! } });
const payOrder = (fields: Record<string, string>) => (s: Scene) => ({
  path: `/dashboard/payment/${s.orderId}`,
  fields,
});
const delivery = { intent: "delivery", ...TEST_DELIVERY };
const newProduct = {
  name: "Matrix Gauge",
  price: "100",
  availability: "10",
  minimumQuantity: "1",
  description: "A gauge.",
  image: "/images/products/marking-gauge.svg",
};
const editProduct = (s: Scene) => ({ path: `/dashboard/manageproduct/${s.productId}`, fields: { availability: "5" } });
const unknownProduct = () => Promise.resolve({ productId: randomUUID() });
const unknownOrder = () => Promise.resolve({ orderId: randomUUID() });
const unknownEmail = () => Promise.resolve(nobody());
const categoryNames = () => {
  const tag = randomUUID().slice(0, 8);
  return { nameEn: `Matrix shelf ${tag}`, nameBn: `তাক ${tag}` };
};
const aCategory = async (t: PageContext) => ({ categoryId: (await insertCategory(t.database.db, categoryNames())).id });
const categories = (intent: string) => (s: Scene) => ({
  path: "/dashboard/categories",
  fields: { intent, ...(s.categoryId ? { categoryId: s.categoryId } : {}), ...categoryNames() },
});
/**
 * The catalog spreadsheet's form (/dashboard/spreadsheet) with the file's text as the field's value, as a form a
 * program posts: a new tool of a SKU no other post gives, and `row` after it (a refused one).
 */
const sheet =
  (intent: string, { row, header }: { row?: (sku: string) => string; header?: string } = {}) =>
  () => {
    const sku = `MATRIX-${randomUUID().slice(0, 8)}`;
    const rows = [
      header ?? "product_id,name,description,category,images,sku,price,stock,minimum_quantity",
      `,Matrix Saw ${sku},A saw,other,marking-gauge.svg,${sku},1250.50,40,20`,
      ...(row ? [row(`${sku}-2`)] : []),
    ];
    return { path: "/dashboard/spreadsheet", fields: { intent, file: rows.join("\r\n") } };
  };
const refusedRow = (sku: string) => `,Matrix Rasp ${sku},A rasp,other,marking-gauge.svg,${sku},not a price,10,5`;
const IMPORTED = ["public.product", "public.product_variant", "public.stock_entry"];
const aCustomerWithOrders = async (t: PageContext, a: Accounts) => {
  await ownersOrder(t, a);
  return { email: a.owner.email };
};

// prettier-ignore
const TABLE: PageAction[] = [
  //           anonymous owner    other    admin
  { expected: ["login", "done",  "done",  "done"], action: "Profile (POST /dashboard/profile)", scene: none, post: () => ({ path: "/dashboard/profile", fields: profile }) },
  { expected: ["login", "done",  "done",  "done"], action: "Add Review (POST /dashboard/reviews)", scene: none, post: () => ({ path: "/dashboard/reviews", fields: { rating: "4.5", comment: "Sharp." } }) },
  { expected: ["done",  "done",  "done",  "done"], action: "Add to cart (POST /cart, add)", scene: (t) => aProduct(t), post: addToCart("20"), changes: ["public.cart", "public.cart_line"] },
  { expected: [400,     400,     400,     400   ], action: "Add to cart, below the minimum", scene: (t) => aProduct(t), post: addToCart("19") },
  { expected: [409,     409,     409,     409   ], action: "Add to cart, more than the stock", scene: (t) => aProduct(t), post: addToCart("220") },
  { expected: [404,     404,     404,     404   ], action: "Add to cart, an unknown product", scene: unknownProduct, post: addToCart("20") },
  { expected: [404,     "done",  404,     404   ], action: "Cart: change the owner's line (POST /cart, set)", scene: ownersCartLine, post: cartLine("set"), changes: ["public.cart_line"] },
  { expected: [404,     400,     404,     404   ], action: "Cart: the owner's line, a quantity off the steps of 20", scene: ownersCartLine, post: cartLine("set", "30") },
  { expected: [404,     "done",  404,     404   ], action: "Cart: remove the owner's line (POST /cart, remove)", scene: ownersCartLine, post: cartLine("remove"), changes: ["public.cart_line"] },
  { expected: [404,     404,     404,     404   ], action: "Cart: remove an unknown line", scene: () => Promise.resolve({ lineId: randomUUID() }), post: cartLine("remove") },
  { expected: [400,     400,     400,     400   ], action: "Cart: an intent no form sends", scene: ownersCartLine, post: (s) => ({ path: "/cart", fields: { intent: "empty", lineId: s.lineId! } }) },
  { expected: ["login", "placed","placed","placed"], action: "Buy It Now: Place order of its line alone (POST /checkout?productId=…&quantity=…)", scene: (t) => aProduct(t), post: buyNow("20"), changes: ["public.order", "public.order_line", "public.product"], keeps: ["public.cart", "public.cart_line"] },
  { expected: ["login", 409,     409,     409   ], action: "Buy It Now, below the minimum", scene: (t) => aProduct(t), post: buyNow("19") },
  { expected: ["login", 409,     409,     409   ], action: "Buy It Now, more than the stock", scene: (t) => aProduct(t), post: buyNow("220") },
  { expected: ["login", 409,     409,     409   ], action: "Buy It Now, an unknown product (a line checkout cannot take, named)", scene: unknownProduct, post: buyNow("20") },
  { expected: ["login", 404,     404,     404   ], action: "Buy It Now, a product id that is no id", scene: () => Promise.resolve({ productId: "no-such-product" }), post: buyNow("20") },
  { expected: ["login", "cod",   "cod",   "cod" ], action: "Buy It Now, cash on delivery", scene: (t) => aProduct(t), post: buyNow("20", { paymentMethod: "cod" }), changes: ["public.order", "public.order_line", "public.product"], keeps: ["public.cart_line"] },
  { expected: ["login", 400,     400,     400   ], action: "Buy It Now, a phone that is no mobile number", scene: (t) => aProduct(t), post: buyNow("20", { phone: "12345" }) },
  { expected: ["login", 409,     409,     409   ], action: "Buy It Now, SSLCommerz on a store without it", scene: (t) => aProduct(t), post: buyNow("20", { paymentMethod: "sslcommerz" }) },
  { expected: ["login", "placed",404,     404   ], action: "Buy It Now, to the owner's saved address (addressId)", scene: productAndOwnersAddress, post: toSavedAddress, changes: ["public.order", "public.order_line", "public.product"], keeps: ["public.saved_address"] },
  { expected: ["login", "placed",409,     409   ], action: "Place order of the cart (POST /checkout): the owner's holds a line, the others' none", scene: ownersCartAlone, post: placeOrder(), changes: ["public.order", "public.order_line", "public.product", "public.cart_line"] },
  { expected: ["login", 403,     403,     "done"], action: "Delivery charges (POST /dashboard/delivery)", scene: none, post: zonesForm(), changes: ["public.delivery_zone"] },
  { expected: ["login", 403,     403,     400   ], action: "Delivery charges, a charge below nothing", scene: none, post: zonesForm({ "dhaka_city.firstKg": "-1" }) },
  { expected: ["login", 403,     403,     400   ], action: "Delivery charges, a district in two zones", scene: none, post: zonesForm({ "dhaka_city.district": ["Dhaka", "Gazipur"] }) },
  { expected: ["login", "done",  "done",  "done"], action: "Address book: add (POST /dashboard/profile, address-add)", scene: noAddresses, post: addressForm("address-add"), changes: ["public.saved_address"] },
  { expected: ["login", 400,     400,     400   ], action: "Address book: add, a phone that is no mobile number", scene: noAddresses, post: addressForm("address-add", { phone: "12345" }) },
  { expected: ["login", "done",  404,     404   ], action: "Address book: save the owner's address (address-save)", scene: ownersAddresses, post: addressForm("address-save"), changes: ["public.saved_address"] },
  { expected: ["login", "done",  404,     404   ], action: "Address book: remove the owner's address (address-remove)", scene: ownersAddresses, post: addressForm("address-remove"), changes: ["public.saved_address"] },
  { expected: ["login", "done",  404,     404   ], action: "Address book: make the owner's second address the default (address-default)", scene: ownersAddresses, post: addressForm("address-default"), changes: ["public.saved_address"] },
  { expected: ["login", 404,     404,     404   ], action: "Address book: remove an unknown address", scene: () => Promise.resolve({ addressId: randomUUID() }), post: addressForm("address-remove") },
  { expected: ["login", 400,     400,     400   ], action: "Address book: an intent no form sends", scene: ownersAddresses, post: addressForm("address-forget") },
  { expected: ["home",  "done",  403,     "done"], action: "Cancel (POST /dashboard/orders), an unpaid order", scene: ownersOrder, post: cancel },
  { expected: ["home",  409,     403,     "done"], action: "Cancel, a paid order (an admin's cancel makes its payment refund due)", scene: (t, a) => aPaidOrder(t, a.owner), post: cancel },
  { expected: ["home",  404,     404,     404   ], action: "Cancel, an unknown order", scene: unknownOrder, post: cancel },
  { expected: ["login", 403,     403,     "done"], action: "Make Admin: promote (POST /dashboard/admin)", scene: (t) => aCustomer(t), post: makeAdmin("promote") },
  { expected: ["login", 403,     403,     404   ], action: "Make Admin: promote an unknown email", scene: unknownEmail, post: makeAdmin("promote") },
  { expected: ["login", 403,     403,     "done"], action: "Make Admin: remove another admin's role", scene: (t) => anAdmin(t), post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     409   ], action: "Make Admin: remove the role of a customer", scene: (t) => aCustomer(t), post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     409   ], action: "Make Admin: remove the admin's own role", scene: (_, a) => Promise.resolve({ email: a.admin.email }), post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     404   ], action: "Make Admin: remove the role of an unknown email", scene: unknownEmail, post: makeAdmin("demote") },
  { expected: ["login", 403,     403,     "done"], action: "Categories: add (POST /dashboard/categories)", scene: none, post: categories("add") },
  { expected: ["login", 403,     403,     "done"], action: "Categories: rename", scene: aCategory, post: categories("rename") },
  { expected: ["login", 403,     403,     "done"], action: "Categories: remove an empty one", scene: aCategory, post: categories("remove") },
  { expected: ["login", 403,     403,     409   ], action: "Categories: remove Other tools", scene: () => Promise.resolve({ categoryId: OTHER_CATEGORY_ID }), post: categories("remove") },
  { expected: ["login", 403,     403,     404   ], action: "Categories: rename an unknown one", scene: () => Promise.resolve({ categoryId: randomUUID() }), post: categories("rename") },
  { expected: ["login", 403,     403,     "done"], action: "Catalog spreadsheet: check a file (POST /dashboard/spreadsheet, check)", scene: none, post: sheet("check"), writesNothing: true },
  { expected: ["login", 403,     403,     "done"], action: "Catalog spreadsheet: check a file with a refused row (its report says which)", scene: none, post: sheet("check", { row: refusedRow }), writesNothing: true },
  { expected: ["login", 403,     403,     "done"], action: "Catalog spreadsheet: import a file (import)", scene: none, post: sheet("import"), changes: IMPORTED },
  { expected: ["login", 403,     403,     400   ], action: "Catalog spreadsheet: import a file with a refused row (nothing written)", scene: none, post: sheet("import", { row: refusedRow }) },
  { expected: ["login", 403,     403,     400   ], action: "Catalog spreadsheet: import a file with an unknown column", scene: none, post: sheet("import", { header: "product_id,name,description,category,images,sku,price,stock,colour" }) },
  // As at every admin page (Categories, Make Admin, Manage Orders), the intent is read before the admin guard.
  { expected: ["login", 400,     400,     400   ], action: "Catalog spreadsheet: an intent no button sends", scene: none, post: sheet("apply") },
  { expected: ["login", 403,     403,     "done"], action: "Make Admin: delete", scene: (t) => aCustomer(t), post: makeAdmin("delete") },
  { expected: ["login", 403,     403,     409   ], action: "Make Admin: delete a customer with orders", scene: aCustomerWithOrders, post: makeAdmin("delete") },
  { expected: ["login", 403,     403,     404   ], action: "Make Admin: delete an unknown email", scene: unknownEmail, post: makeAdmin("delete") },
  { expected: ["login", "done",  403,     403   ], action: "Pay Order: delivery details (POST /dashboard/payment/{id})", scene: ownersOrder, post: payOrder(delivery) },
  { expected: ["login", 400,     400,     400   ], action: "Pay Order: delivery details with a phone that is no mobile number", scene: ownersOrder, post: payOrder({ ...delivery, phone: "12345" }) },
  { expected: ["login", 409,     403,     403   ], action: "Pay Order: delivery details of a paid order", scene: (t, a) => aPaidOrder(t, a.owner), post: payOrder(delivery) },
  { expected: ["login", "done",  403,     403   ], action: "Pay Order: cash on delivery", scene: ownersOrder, post: payOrder({ intent: "cod" }) },
  { expected: ["login", 404,     404,     404   ], action: "Pay Order: cash on delivery, an unknown order", scene: unknownOrder, post: payOrder({ intent: "cod" }) },
  { expected: ["login", 404,     404,     404   ], action: "Pay Order: the gateway, on a store without one", scene: ownersOrder, post: payOrder({ intent: "gateway" }) },
  { expected: ["login", 403,     403,     "done"], action: "Add Product (POST /dashboard/addproduct)", scene: none, post: () => ({ path: "/dashboard/addproduct", fields: newProduct }) },
  { expected: ["login", 403,     403,     400   ], action: "Add Product without an image", scene: none, post: () => ({ path: "/dashboard/addproduct", fields: { ...newProduct, image: "" } }) },
  { expected: ["login", 403,     403,     "done"], action: "Edit Product (POST /dashboard/manageproduct/{id})", scene: (t) => aProduct(t), post: editProduct },
  { expected: ["login", 403,     403,     404   ], action: "Edit Product, an unknown product", scene: unknownProduct, post: editProduct },
  { expected: ["login", 403,     403,     "done"], action: "Manage Products: delete (POST /dashboard/manageproduct)", scene: (t) => aProduct(t), post: deleteProduct },
  { expected: ["login", 403,     403,     404   ], action: "Manage Products: delete an unknown product", scene: unknownProduct, post: deleteProduct },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: accept a held payment", scene: (t, a) => aHeldPayment(t, a.owner), post: manageOrder("accept") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: accept, no payment held", scene: ownersOrder, post: manageOrder("accept") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: confirm a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: manageOrder("confirm") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: confirm, an unpaid order", scene: ownersOrder, post: manageOrder("confirm") },
  { expected: ["login", 403,     403,     "done"], action: "Order view: the shop confirms a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: orderView({ intent: "confirm" }) },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: collect a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: manageOrder("collect") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: collect, an unpaid order", scene: ownersOrder, post: manageOrder("collect") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: shipped, a cash-on-delivery order", scene: (t, a) => aCashOnDeliveryOrder(t, a.owner), post: manageOrder("shipped") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: shipped, an unpaid order", scene: ownersOrder, post: manageOrder("shipped") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: delivered, a shipped order", scene: (t, a) => aShippedOrder(t, a.owner), post: manageOrder("delivered") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: delivered, an unpaid order", scene: ownersOrder, post: manageOrder("delivered") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: cancel an unpaid order, with a reason", scene: ownersOrder, post: withReason("cancel") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: cancel a paid order (its payment becomes refund due)", scene: (t, a) => aPaidOrder(t, a.owner), post: withReason("cancel") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: cancel a shipped order", scene: (t, a) => aShippedOrder(t, a.owner), post: withReason("cancel") },
  // No courier account is configured here: an admin is told so, and nothing is booked.
  { expected: ["login", 403,     403,     400   ], action: "Manage Orders: book the chosen orders with a courier (none configured)", scene: (t, a) => aPaidOrder(t, a.owner), post: (s) => ({ path: "/dashboard/manageorder", fields: { intent: "book", courier: "steadfast", orders: [s.orderId!] } }) },
  { expected: ["login", 403,     403,     400   ], action: "Order view: book courier (none configured)", scene: (t, a) => aPaidOrder(t, a.owner), post: orderView({ intent: "book", courier: "steadfast" }) },
  { expected: ["login", 403,     403,     400   ], action: "Order view: record a parcel booked in the courier's portal (none configured)", scene: (t, a) => aPaidOrder(t, a.owner), post: orderView({ intent: "record", courier: "steadfast", consignmentId: "1424107", trackingCode: "15BAEB8A" }) },
  { expected: ["login", 403,     403,     409   ], action: "Order view: parcel received back, an order not shipped", scene: (t, a) => aPaidOrder(t, a.owner), post: orderView({ intent: "received_back" }) },
  { expected: ["login", 403,     403,     400   ], action: "Manage Orders: cancel with a reason over 500 characters", scene: ownersOrder, post: (s) => ({ path: "/dashboard/manageorder", fields: { intent: "cancel", orderId: s.orderId!, reason: "x".repeat(501) } }) },
  { expected: ["login", 403,     403,     "done"], action: "Courier payouts: record one that adds up (POST /dashboard/payouts)", scene: (t, a) => aParcelWithCash(t, a.owner), post: payout("1140"), changes: ["public.courier_payout", "public.consignment", "public.order_event"] },
  { expected: ["login", 403,     403,     409   ], action: "Courier payouts: amounts that do not add up", scene: (t, a) => aParcelWithCash(t, a.owner), post: payout("1200") },
  { expected: ["login", 403,     403,     409   ], action: "Courier payouts: an order whose cash no courier holds", scene: ownersOrder, post: payout("0") },
  { expected: ["login", 403,     403,     "done"], action: "Manage Orders: refund a payment due", scene: (t, a) => aRefundDue(t, a.owner), post: manageOrder("refund") },
  { expected: ["login", 403,     403,     409   ], action: "Manage Orders: refund, nothing due", scene: ownersOrder, post: manageOrder("refund") },
  { expected: ["login", 403,     403,     "done"], action: "Order view: the shop cancels a paid order (POST /dashboard/order/{id})", scene: (t, a) => aPaidOrder(t, a.owner), post: orderView({ intent: "cancel", reason: "Out of stock at the maker." }) },
  { expected: ["login", 403,     403,     404   ], action: "Order view: the shop cancels an unknown order", scene: unknownOrder, post: orderView({ intent: "cancel" }) },
  { expected: ["login", 403,     403,     "done"], action: "Order view: refund a payment due", scene: (t, a) => aRefundDue(t, a.owner), post: orderView({ intent: "refund" }) },
];

describe("page authorization matrix: every page action that writes, posted as a form by a stranger, the owner, another customer and an admin", () => {
  const t = usePageApp();
  const accounts = {} as Accounts;

  beforeAll(async () => {
    accounts.owner = await signUp(t);
    accounts.other = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });

  for (const row of TABLE) {
    it.each(WHO.map((who, i) => [who, row.expected[i]!] as const))(
      `${row.action} as %s → %s, and only a done post changes rows`,
      async (who, verdict) => {
        const { path, fields } = row.post(await row.scene(t, accounts));
        const before = await fingerprint(t.database, COUNTED);
        const answer = await readAnswer(
          await t.postForm(path, fields, who === "anonymous" ? undefined : accounts[who]),
        );
        const changed = changedTables(before, await fingerprint(t.database, COUNTED));
        const seen = JSON.stringify({ ...answer, data: undefined, changed });

        const did = () => {
          if (row.writesNothing) return expect(changed, seen).toEqual([]);
          expect(changed, seen).not.toEqual([]);
          expect(changed, seen).toEqual(expect.arrayContaining(row.changes ?? []));
          for (const table of row.keeps ?? []) expect(changed, seen).not.toContain(table);
        };
        if (verdict === "done") {
          expect(answer.done, seen).toBe(true);
          expect(answer.data, seen).toBeDefined();
          expect(answer.toast?.kind ?? "success", seen).toBe("success");
          did();
          return;
        }
        if (verdict === "placed" || verdict === "cod") {
          expect([302, 303], seen).toContain(answer.status);
          const page = verdict === "cod" ? "order" : "payment";
          const [, orderId] = new RegExp(`^/dashboard/${page}/([0-9a-f-]{36})$`).exec(answer.location ?? "") ?? [];
          expect(orderId, seen).toBeDefined();
          const [placed] = await t.database.db.select().from(order).where(eq(order.id, orderId!));
          expect(placed, seen).toMatchObject({
            buyerEmail: accounts[who as Exclude<Who, "anonymous">].email,
            status: verdict === "cod" ? "cod" : "unpaid",
          });
          did();
          return;
        }
        if (verdict === "login" || verdict === "home") {
          expect([302, 303], seen).toContain(answer.status);
          expect(answer.location, seen).toBe(
            verdict === "home" ? "/" : `/login?redirectTo=${encodeURIComponent(path)}`,
          );
        } else {
          expect(answer.status, seen).toBe(verdict);
          expect(answer.message, seen).toEqual(expect.any(String));
        }
        expect(changed, seen).toEqual([]);
      },
    );
  }
});
