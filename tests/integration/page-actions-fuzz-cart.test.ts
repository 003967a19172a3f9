import { randomUUID } from "node:crypto";
import { aGuestCartLine, anAccountCartLine, anAddressBook, guestCookie } from "../support/cart-page-scenes";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzPageActions } from "../support/fuzz/page-action-suite";
import { TEST_DELIVERY } from "../support/orders";
import { aProduct, type Scene } from "../support/page-scenes";

/** Where Place order sends a browser without JavaScript once the order is placed: its payment, or its own page. */
const PLACED = /^\/dashboard\/(payment|order)\/[0-9a-f-]{36}$/;

/**
 * The cart's forms (a guest's, by its cart's cookie, and a customer's), Place order of the cart, My Profile's address
 * book and the delivery charges. The cart's and the address book's writes and Place order count against the rate
 * limits whether taken or not (CALLS_COUNTED).
 */
fuzzPageActions("the cart’s, checkout’s and address book’s", (t, accounts) => {
  const guestsCart = () => aGuestCartLine(t);
  const ownersCart = () => anAccountCartLine(t, accounts.owner);
  const ownersCartAndAddress = async () => ({
    ...(await anAccountCartLine(t, accounts.owner)),
    ...(await anAddressBook(t, accounts.owner, 1)),
  });
  const guest = (s: Scene) => guestCookie(s.cartToken!);
  // Place order's form for a new address, as checkout draws it; each post a new attempt (its idempotency key).
  const placeOrder = () => ({
    addressId: "new",
    ...TEST_DELIVERY,
    saveAddress: "on",
    paymentMethod: "card",
    attempt: randomUUID(),
  });
  const book = (count: number) => () => anAddressBook(t, accounts.owner, count);
  const delivery = { ...TEST_DELIVERY, address: "Road 7, Uttara" };
  // The delivery charges' form with one district ticked in each zone that names them.
  const zones = {
    "dhaka_city.firstKg": "70",
    "dhaka_city.perKg": "15",
    "dhaka_city.freeAbove": "",
    "dhaka_city.codAvailable": "on",
    "dhaka_city.district": "Dhaka",
    "dhaka_suburbs.firstKg": "100",
    "dhaka_suburbs.perKg": "20",
    "dhaka_suburbs.freeAbove": "20000",
    "dhaka_suburbs.codAvailable": "on",
    "dhaka_suburbs.advance": "on",
    "dhaka_suburbs.district": "Gazipur",
    "outside_dhaka.firstKg": "130",
    "outside_dhaka.perKg": "25",
    "outside_dhaka.freeAbove": "",
    "outside_dhaka.codAvailable": "on",
  };
  // prettier-ignore
  return [
    { call: "POST /cart (add, a guest's first)",              as: "guest", scene: () => aProduct(t), fields: (s) => ({ intent: "add", productId: s.productId!, quantity: "20" }), ignored: CALLS_COUNTED },
    { call: "POST /cart (add, to a guest's cart)",            as: "guest", scene: guestsCart, cookie: guest, fields: (s) => ({ intent: "add", productId: s.productId!, quantity: "20" }), ignored: CALLS_COUNTED },
    { call: "POST /cart (set, a guest's line)",               as: "guest", scene: guestsCart, cookie: guest, fields: (s) => ({ intent: "set", lineId: s.lineId!, quantity: "40" }), ignored: CALLS_COUNTED },
    { call: "POST /cart (remove, a guest's line)",            as: "guest", scene: guestsCart, cookie: guest, fields: (s) => ({ intent: "remove", lineId: s.lineId! }), ignored: CALLS_COUNTED },
    { call: "POST /cart (set)",                               as: "owner", scene: ownersCart, fields: (s) => ({ intent: "set", lineId: s.lineId!, quantity: "40" }), ignored: CALLS_COUNTED },
    { call: "POST /cart (remove)",                            as: "owner", scene: ownersCart, fields: (s) => ({ intent: "remove", lineId: s.lineId! }), ignored: CALLS_COUNTED },
    { call: "POST /checkout (Place order of the cart)",       as: "owner", scene: ownersCart, fields: placeOrder, redirectsWhenDone: PLACED, ignored: CALLS_COUNTED },
    { call: "POST /checkout (to a saved address, cash on delivery)", as: "owner", scene: ownersCartAndAddress, fields: (s) => ({ addressId: s.addressId!, paymentMethod: "cod", attempt: randomUUID() }), redirectsWhenDone: PLACED, ignored: CALLS_COUNTED },
    { call: "POST /dashboard/profile (address-add)",          as: "owner", scene: book(0), fields: () => ({ intent: "address-add", ...delivery, isDefault: "on" }), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/profile (address-save)",         as: "owner", scene: book(1), fields: (s) => ({ intent: "address-save", addressId: s.addressId!, ...delivery }), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/profile (address-remove)",       as: "owner", scene: book(1), fields: (s) => ({ intent: "address-remove", addressId: s.addressId! }), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/profile (address-default)",      as: "owner", scene: book(2), fields: (s) => ({ intent: "address-default", addressId: s.secondAddressId! }), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/delivery",                       as: "admin", fields: () => zones },
  ];
});
