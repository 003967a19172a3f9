import { describe } from "vitest";
import { CartJson } from "@server/cart/wire";
import { CheckoutPlaced, DeliveryChargeJson } from "@server/checkout/wire";
import {
  addressBookProblems,
  aGuestCart,
  anAccountCart,
  anAddressBook,
  aStrangersLine,
  noCartOf,
  orderLineProblems,
  type Scene,
} from "../support/cart-scenes";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEachVisit, useVisitAccounts } from "../support/fuzz/fuzz-visit";
import { queryValues } from "../support/fuzz/visit-cases";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

// prettier-ignore
const DISTRICTS = [
  "Sylhet", "Dhaka", "Gazipur", "Chattogram", "Cox's Bazar", "sylhet", "SYLHET", " Sylhet", "Sylhet ", "ঢাকা", "সিলেট",
  "Dhaka\u0000", "outside_dhaka", "dhaka_city", "Outside Dhaka", "",
];
// prettier-ignore
const WEIGHTS = [
  "0", "1", "999", "1000", "1001", "2300", "100000000", "100000001", "-1", "-0", "1.5", "1e3", "1e999", "0x10", " 3",
  "3 ", "Infinity", "NaN", "", "9".repeat(400), "1_000", "+5", "৩", "٣", "2300g",
];

/** Pieces around the rules of makeProduct's products: a minimum of 20, steps of 20, 200 in stock, 100 per order. */
// prettier-ignore
const QUANTITIES = [1, 10, 19, 20, 21, 30, 39, 40, 60, 80, 99, 100, 101, 120, 180, 200, 201, 1_000_000, 1_000_001];
/** Product ids of nothing, malformed, or at the schema's length limit. */
// prettier-ignore
const PRODUCT_IDS = [
  "00000000-0000-4000-8000-000000000000", "not-a-uuid", "ABC", "x".repeat(100), "x".repeat(101), "0", "-1",
  "00000000-0000-0000-0000-00000000000g", "{00000000-0000-4000-8000-000000000000}",
];
// prettier-ignore
const CHECKOUT_EDGES = {
  "only.quantity": QUANTITIES,
  "only.productId": PRODUCT_IDS,
  addressId: ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ""],
  paymentMethod: ["card", "sslcommerz", "cod", "CARD", "bkash", ""],
  "delivery.division": ["Dhaka", "Sylhet", "Chattogram", "dhaka", "Dhaka Division"],
  "delivery.district": ["Gazipur", "Sylhet", "Dhaka", "Cox's Bazar", "gazipur"],
  "delivery.phone": ["01712345678", "+8801712345678", "8801712345678", "01212345678", "0171234567", "০১৭১২৩৪৫৬৭৮"],
  saveAddress: [true, false, "true", 1, null],
  buyerBin: ["000123456-0101", "0001234560101", "12345", "", " ", "১২৩৪৫৬৭৮৯", 123456789, null, "-".repeat(30), "1".repeat(26)],
};

/**
 * The cart's calls (a guest's named by the `randa.cart` cookie, a customer's by the account), checkout and the
 * delivery charge, each as a guest, a customer and an admin, with hostile bodies, ids, queries and cookies: every
 * answer is one the OpenAPI document gives the call, never a 5xx; a refusal says `{message, code}`, changes no row
 * and makes no cart; another visitor's line is never reached; what a taken request stored adds up.
 */
describe("fuzzing the cart, checkout and the delivery charge: never a 5xx, and a refused request changes no row", () => {
  // Cart writes are rate-limited per minute (60 by default); the fuzz sends hundreds. cart-rate-limits.test.ts
  // tests the limit.
  const t = useTestApp({ CART_LIMIT_PER_MINUTE: "1000000" });
  const accounts = useVisitAccounts(t);

  const withProduct = async (s: Scene): Promise<Scene> => ({ ...s, productId: (await makeProduct(t)).id });
  const withStrangersLine = async (s: Scene): Promise<Scene> => ({ ...s, othersLineId: await aStrangersLine(t) });

  const guestCart = () => aGuestCart(t);
  const ownersCart = () => anAccountCart(t, accounts.owner);
  const adminsCart = () => anAccountCart(t, accounts.admin);

  const add = (s: Scene) => ({ productId: s.productId!, quantity: 20 });
  const addEdges = { quantity: QUANTITIES, productId: PRODUCT_IDS };
  const changeEdges = { quantity: QUANTITIES };
  const change = () => ({ quantity: 40 });
  const line = (s: Scene) => s.lineId!;
  const others = (s: Scene) => s.othersLineId!;

  const charge = {
    valid: [
      ["district", "Sylhet"],
      ["weight", "2300"],
    ] as [string, string][],
    names: ["district", "weight"],
    values: queryValues([...DISTRICTS, ...WEIGHTS]),
  };

  /** The owner's cart of one line and address book of one address: checkout's goods and where they may go. */
  const aCheckout = async () => ({ ...(await ownersCart()), ...(await anAddressBook(t, accounts.owner)) });
  const aBuyItNow = async () => withProduct(await anAddressBook(t, accounts.owner));
  const checkoutStored = async () => [...(await orderLineProblems(t)), ...(await addressBookProblems(t))];

  // prettier-ignore
  fuzzEachVisit(t, [
    { call: "GET /api/cart",                as: "guest", scene: guestCart,  answer: CartJson, readOnly: true },
    { call: "GET /api/cart",                as: "owner", scene: ownersCart, answer: CartJson, readOnly: true },
    { call: "GET /api/cart",                as: "admin", scene: adminsCart, answer: CartJson, readOnly: true },
    // A guest whose cookie names a cart, a forged one or none (the first add makes one); a customer with no cart yet;
    // an admin with one.
    { call: "POST /api/cart/items",         as: "guest", scene: async () => withProduct(await guestCart()),            body: add, edges: addEdges, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "POST /api/cart/items",         as: "owner", scene: async () => withProduct(await noCartOf(t, accounts.owner)), body: add, edges: addEdges, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "POST /api/cart/items",         as: "admin", scene: async () => withProduct(await adminsCart()),            body: add, edges: addEdges, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "PATCH /api/cart/items/{id}",   as: "guest", scene: async () => withStrangersLine(await guestCart()),  id: line, others, body: change, edges: changeEdges, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "PATCH /api/cart/items/{id}",   as: "owner", scene: async () => withStrangersLine(await ownersCart()), id: line, others, body: change, edges: changeEdges, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "PATCH /api/cart/items/{id}",   as: "admin", scene: async () => withStrangersLine(await adminsCart()), id: line, others, body: change, edges: changeEdges, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "DELETE /api/cart/items/{id}",  as: "guest", scene: async () => withStrangersLine(await guestCart()),  id: line, others, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "DELETE /api/cart/items/{id}",  as: "owner", scene: async () => withStrangersLine(await ownersCart()), id: line, others, answer: CartJson, ignored: CALLS_COUNTED },
    { call: "DELETE /api/cart/items/{id}",  as: "admin", scene: async () => withStrangersLine(await adminsCart()), id: line, others, answer: CartJson, ignored: CALLS_COUNTED },
    // Without `weight` the parcel is the caller's cart.
    { call: "GET /api/delivery-charge",     as: "guest", scene: guestCart,  query: charge, answer: DeliveryChargeJson, readOnly: true },
    { call: "GET /api/delivery-charge",     as: "owner", scene: ownersCart, query: charge, answer: DeliveryChargeJson, readOnly: true },
    { call: "GET /api/delivery-charge",     as: "admin", scene: adminsCart, query: charge, answer: DeliveryChargeJson, readOnly: true },
    // The cart's goods to a typed address, cash on delivery, the address kept; Buy It Now's one line to a saved one.
    { call: "POST /api/checkout",           as: "owner", scene: aCheckout, body: () => ({ delivery: TEST_DELIVERY, paymentMethod: "cod", saveAddress: true, buyerBin: "000123456-0101" }), answer: CheckoutPlaced, edges: CHECKOUT_EDGES, stored: checkoutStored, ignored: CALLS_COUNTED },
    { call: "POST /api/checkout",           as: "owner", scene: aBuyItNow, body: (s) => ({ addressId: s.addressId!, paymentMethod: "cod", only: { productId: s.productId!, quantity: 20 } }), answer: CheckoutPlaced, edges: CHECKOUT_EDGES, stored: checkoutStored, ignored: CALLS_COUNTED },
    { call: "POST /api/checkout",           as: "admin", scene: adminsCart, body: () => ({ delivery: TEST_DELIVERY }), answer: CheckoutPlaced, edges: CHECKOUT_EDGES, stored: checkoutStored, ignored: CALLS_COUNTED },
    // Checkout needs an account: a guest's cart stays a cart.
    { call: "POST /api/checkout",           as: "guest", scene: guestCart, body: () => ({ delivery: TEST_DELIVERY, paymentMethod: "cod" }), refused: 401 },
  ], accounts);
});
