import { afterAll, beforeAll, describe } from "vitest";
import * as carts from "@server/cart/cart";
import * as checkouts from "@server/checkout/checkout";
import * as addresses from "@server/delivery/addresses";
import * as zones from "@server/delivery/zones";
import { zoneJson, type ZoneJson } from "@server/delivery/wire";
import { anAccountCart, anAddressBook, noCartOf, type Scene } from "../support/cart-scenes";
import { as } from "../support/contexts";
import { CALLS_COUNTED } from "../support/fingerprint";
import { fuzzEachUseCase } from "../support/fuzz/fuzz-use-case";
import { body, id, idempotencyKey } from "../support/fuzz/use-case-params";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";
import { useActors } from "../support/use-case-actors";

/**
 * The cart's, checkout's and the delivery's use cases that take raw input, called directly (no door) by someone they
 * let through, with hostile raw values in each parameter: each resolves, or refuses with an AppError of a 4xx kind,
 * and a refusal changes no row. (A guest's cart is named by a request's cookie, which a direct call has not: a
 * stranger's add makes a new cart. `carts.cartToOrder` takes no input;
 * `checkouts.checkoutSummary` is the checkout page's, fuzzed with it.)
 */
describe("fuzzing the cart's, checkout's and the delivery's use cases: they resolve or refuse with a 4xx AppError, and a refusal changes no row", () => {
  const t = useTestApp({ CART_LIMIT_PER_MINUTE: "1000000" });
  const actors = useActors(t);

  let shopZones: ZoneJson[] = [];
  beforeAll(async () => {
    shopZones = (await zones.deliveryZones(as(t, null))).map(zoneJson);
  });
  afterAll(async () => {
    await zones.setDeliveryZones(as(t, actors.admin), { zones: shopZones });
  });

  const withProduct = async (s: Scene = {}): Promise<Scene> => ({ ...s, productId: (await makeProduct(t)).id });
  const ownersCart = () => anAccountCart(t, actors.owner);
  const aCheckout = async () => ({ ...(await ownersCart()), ...(await anAddressBook(t, actors.owner)) });
  const aBook = (count: number) => () => anAddressBook(t, actors.owner, count);
  const saved = () => ({ delivery: TEST_DELIVERY, isDefault: true });

  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "carts.addToCart",              as: "stranger", scene: () => withProduct(),                                  params: [body((s) => ({ productId: s.productId!, quantity: 20 }))], call: (ctx, [raw]) => carts.addToCart(ctx, raw), ignored: CALLS_COUNTED },
    { useCase: "carts.addToCart",              as: "owner",    scene: async () => withProduct(await noCartOf(t, actors.owner)), params: [body((s) => ({ productId: s.productId!, quantity: 20 }))], call: (ctx, [raw]) => carts.addToCart(ctx, raw), ignored: CALLS_COUNTED },
    { useCase: "carts.changeCartLine",         as: "owner",    scene: ownersCart, params: [id((s) => s.lineId!), body(() => ({ quantity: 40 }))], call: (ctx, [lineId, raw]) => carts.changeCartLine(ctx, lineId, raw), ignored: CALLS_COUNTED },
    { useCase: "carts.removeCartLine",         as: "owner",    scene: ownersCart, params: [id((s) => s.lineId!)], call: (ctx, [lineId]) => carts.removeCartLine(ctx, lineId), ignored: CALLS_COUNTED },
    { useCase: "checkouts.checkout",           as: "owner",    scene: aCheckout,  params: [body(() => ({ delivery: TEST_DELIVERY, paymentMethod: "cod", saveAddress: true })), idempotencyKey], call: (ctx, [raw, key]) => checkouts.checkout(ctx, raw, key), ignored: CALLS_COUNTED },
    { useCase: "checkouts.checkout",           as: "owner",    scene: async () => withProduct(await anAddressBook(t, actors.owner)), params: [body((s) => ({ addressId: s.addressId!, paymentMethod: "cod", only: { productId: s.productId!, quantity: 20 } })), idempotencyKey], call: (ctx, [raw, key]) => checkouts.checkout(ctx, raw, key), ignored: CALLS_COUNTED },
    { useCase: "checkouts.quoteDelivery",      as: "stranger", params: [body(() => ({ district: "Sylhet", weight: "2300" }))], call: (ctx, [raw]) => checkouts.quoteDelivery(ctx, raw) },
    { useCase: "checkouts.quoteDelivery",      as: "owner",    scene: ownersCart, params: [body(() => ({ district: "Sylhet" }))], call: (ctx, [raw]) => checkouts.quoteDelivery(ctx, raw) },
    { useCase: "addresses.myAddress",          as: "owner",    scene: aBook(2), params: [id((s) => s.addressId!)], call: (ctx, [addressId]) => addresses.myAddress(ctx, addressId) },
    { useCase: "addresses.addAddress",         as: "owner",    scene: aBook(9), params: [body(saved)], call: (ctx, [raw]) => addresses.addAddress(ctx, raw), ignored: CALLS_COUNTED },
    { useCase: "addresses.changeAddress",      as: "owner",    scene: aBook(2), params: [id((s) => s.addressId!), body(saved)], call: (ctx, [addressId, raw]) => addresses.changeAddress(ctx, addressId, raw), ignored: CALLS_COUNTED },
    { useCase: "addresses.removeAddress",      as: "owner",    scene: aBook(2), params: [id((s) => s.addressId!)], call: (ctx, [addressId]) => addresses.removeAddress(ctx, addressId), ignored: CALLS_COUNTED },
    { useCase: "addresses.makeDefaultAddress", as: "owner",    scene: aBook(2), params: [id((s) => s.secondAddressId!)], call: (ctx, [addressId]) => addresses.makeDefaultAddress(ctx, addressId), ignored: CALLS_COUNTED },
    { useCase: "zones.setDeliveryZones",       as: "admin",    params: [body(() => ({ zones: shopZones }))], call: (ctx, [raw]) => zones.setDeliveryZones(ctx, raw) },
  ], actors);
});
