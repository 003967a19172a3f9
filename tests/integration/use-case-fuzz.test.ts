import { readdir } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import Stripe from "stripe";
import { describe } from "vitest";
import * as catalog from "@server/use-cases/catalog";
import * as orders from "@server/use-cases/orders";
import * as payments from "@server/use-cases/payments";
import * as profiles from "@server/use-cases/profiles";
import * as refunds from "@server/use-cases/refunds";
import * as reviews from "@server/use-cases/reviews";
import * as uploads from "@server/use-cases/uploads";
import * as users from "@server/use-cases/users";
import { CALLS_COUNTED, type Ignored } from "../support/fingerprint";
import { fuzzEachUseCase } from "../support/fuzz/fuzz-use-case";
import { hostileHeaderValue } from "../support/fuzz/hostile-values";
import {
  body,
  choice,
  email,
  file,
  form,
  formText,
  headers,
  id,
  idempotencyKey,
  jsonText,
  text,
} from "../support/fuzz/use-case-params";
import { pngImage } from "../support/images";
import { makeProduct, orderRow, TEST_DELIVERY } from "../support/orders";
import { aCustomer, anAdmin } from "../support/page-scenes";
import { useTestApp } from "../support/test-app";
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, useStripeApp, useSslcommerzApp } from "../support/provider-apps";
import { useActors } from "../support/use-case-actors";
import {
  aCashOnDeliveryOrderOf,
  aHeldPaymentOf,
  anIntentOf,
  anOrderOf,
  aPaymentNotYetSettledOf,
  aRefundDueOf,
  type Scene,
} from "../support/use-case-scenes";

/**
 * Every use case that takes raw input, called directly (no door) by someone it lets through, with hostile raw
 * values in each parameter: it resolves, or rejects with an AppError of a 4xx kind (never a TypeError or a
 * database error), and a rejected call changes no row. The use cases that take only an actor (productsToManage,
 * listAllOrders, myOrders, myProfile, listUsers) or nothing (listProducts, popularProducts, listReviews) have no
 * raw input to fuzz; the use-case matrix calls the first kind. The gateway's use cases need a gateway, and the
 * card provider's notification and the buyer's word about a payment are fuzzed again with Stripe: each block
 * below is an app of its own, with its provider's stand-in.
 */

const PRODUCT = {
  name: "Fuzzed Gauge",
  price: 1250.5,
  availability: 200,
  minimumQuantity: 20,
  maxPerOrder: 60,
  description: "A marking gauge.",
  details: "Beech, brass wear strips.",
  image: "/images/products/marking-gauge.svg",
};
const PROFILE = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const BILLING = { name: "Karim Uddin", email: "karim@example.test" };
const photo = async () => new Blob([new Uint8Array(await pngImage(40, 30))], { type: "image/png" });

/**
 * A declined card is written on the intent (`last_error`), as Stripe keeps `last_payment_error`: the test
 * processor's record of the attempt, not a row of the store's. Everything else must stay as it was.
 */
const DECLINES_RECORDED: Ignored = { columns: { "public.test_payment_intent": ["last_error", "updated_at"] } };

describe("fuzzing every use case that takes raw input: it resolves or refuses with a 4xx AppError, and a refusal changes no row", () => {
  const t = useTestApp();
  const actors = useActors(t);
  const deps = () => t.services;
  const owner = () => actors.owner.email;

  const aProduct = async () => ({ productId: (await makeProduct(t)).id });
  const anOrder = () => anOrderOf(t, actors.owner);
  const storedImages = () => readdir(path.join(t.services.dataDir, "uploads")).catch(() => []);

  // The owner's e-mail is fuzzed as the owner (who is refused any other) and as an admin, whose hostile e-mails
  // reach the database.
  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "catalog.getProduct",               as: "stranger", scene: aProduct, params: [id((s) => s.productId!)], call: (_, [productId]) => catalog.getProduct(deps(), productId) },
    { useCase: "catalog.productToEdit",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!)], call: (a, [productId]) => catalog.productToEdit(deps(), a, productId) },
    { useCase: "catalog.addProduct",               as: "admin",                     params: [body(() => PRODUCT)],     call: (a, [raw]) => catalog.addProduct(deps(), a, raw) },
    { useCase: "catalog.updateProduct",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!), body(() => PRODUCT)], call: (a, [productId, raw]) => catalog.updateProduct(deps(), a, productId, raw) },
    { useCase: "catalog.deleteProduct",            as: "admin",    scene: aProduct, params: [id((s) => s.productId!)], call: (a, [productId]) => catalog.deleteProduct(deps(), a, productId) },
    { useCase: "uploads.uploadImage",              as: "admin",                     params: [file(photo)],            call: (a, [image]) => uploads.uploadImage(deps(), a, image), outside: storedImages, ignored: CALLS_COUNTED },
    { useCase: "orders.placeOrder",                as: "owner",    scene: aProduct, params: [body((s) => ({ productId: s.productId, quantity: 20, delivery: TEST_DELIVERY })), idempotencyKey], call: (a, [raw, key]) => orders.placeOrder(deps(), a, raw, key), ignored: CALLS_COUNTED },
    { useCase: "orders.myOrder",                   as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (a, [orderId]) => orders.myOrder(deps(), a, orderId) },
    { useCase: "orders.ordersOf",                  as: "owner",                     params: [email(owner)],           call: (a, [address]) => orders.ordersOf(deps(), a, address) },
    { useCase: "orders.ordersOf",                  as: "admin",                     params: [email(owner)],           call: (a, [address]) => orders.ordersOf(deps(), a, address) },
    { useCase: "orders.orderOf",                   as: "owner",    scene: anOrder,  params: [email(owner), id((s) => s.orderId!)], call: (a, [address, orderId]) => orders.orderOf(deps(), a, address, orderId) },
    { useCase: "orders.orderOf",                   as: "admin",    scene: anOrder,  params: [email(owner), id((s) => s.orderId!)], call: (a, [address, orderId]) => orders.orderOf(deps(), a, address, orderId) },
    { useCase: "orders.cancelOrder",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (a, [orderId]) => orders.cancelOrder(deps(), a, orderId) },
    { useCase: "orders.cancelOrder",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!), body(() => ({ reason: "Ordered twice." }))], call: (a, [orderId, raw]) => orders.cancelOrder(deps(), a, orderId, raw) },
    { useCase: "orders.cancelByShop",              as: "admin",    scene: () => aCashOnDeliveryOrderOf(t, actors.owner), params: [id((s) => s.orderId!), body(() => ({ reason: "The tool is discontinued." }))], call: (a, [orderId, raw]) => orders.cancelByShop(deps(), a, orderId, raw) },
    { useCase: "orders.orderDetail",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (a, [orderId]) => orders.orderDetail(deps(), a, orderId) },
    { useCase: "orders.orderDetail",               as: "admin",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (a, [orderId]) => orders.orderDetail(deps(), a, orderId) },
    { useCase: "refunds.refundOrder",              as: "admin",    scene: () => aRefundDueOf(t, actors.owner), params: [id((s) => s.orderId!)], call: (a, [orderId]) => refunds.refundOrder(deps(), a, orderId) },
    { useCase: "orders.setDelivery",               as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!), body(() => TEST_DELIVERY)], call: (a, [orderId, raw]) => orders.setDelivery(deps(), a, orderId, raw) },
    { useCase: "orders.chooseCashOnDelivery",      as: "owner",    scene: anOrder,  params: [id((s) => s.orderId!)],   call: (a, [orderId]) => orders.chooseCashOnDelivery(deps(), a, orderId) },
    { useCase: "orders.collectCash",               as: "admin",    scene: () => aCashOnDeliveryOrderOf(t, actors.owner), params: [id((s) => s.orderId!)], call: (a, [orderId]) => orders.collectCash(deps(), a, orderId) },
    { useCase: "orders.advance",                   as: "admin",    scene: () => aCashOnDeliveryOrderOf(t, actors.owner), params: [id((s) => s.orderId!), body(() => ({ status: "shipped" }))], call: (a, [orderId, raw]) => orders.advance(deps(), a, orderId, raw) },
    { useCase: "orders.acceptPayment",             as: "admin",    scene: () => aHeldPaymentOf(t, actors.owner), params: [id((s) => s.orderId!)], call: (a, [orderId]) => orders.acceptPayment(deps(), a, orderId) },
    { useCase: "payments.startCardPayment",        as: "owner",    scene: anOrder,  params: [body((s) => ({ orderId: s.orderId }))], call: (a, [raw]) => payments.startCardPayment(deps(), a, raw) },
    { useCase: "payments.recordCardPayment",       as: "owner",    scene: () => aPaymentNotYetSettledOf(t, actors.owner), params: [id((s) => s.orderId!), body((s) => ({ transactionId: s.intentId }))], call: (a, [orderId, raw]) => payments.recordCardPayment(deps(), a, orderId, raw) },
    { useCase: "payments.confirmTestCard",         as: "stranger", scene: () => anIntentOf(t, actors.owner), params: [body((s) => ({ clientSecret: s.clientSecret, card: GOOD_CARD, billingDetails: BILLING }))], call: (_, [raw]) => payments.confirmTestCard(deps(), raw), ignored: DECLINES_RECORDED },
    // The test processor hears of payments when its card is confirmed: a notification to it names none.
    { useCase: "payments.receiveCardNotification", as: "stranger",                  params: [text("test"), text("{}"), headers], call: (_, [provider, raw, sent]) => payments.receiveCardNotification(deps(), provider as string, raw as string, sent as Headers) },
    { useCase: "reviews.addReview",                as: "owner",                     params: [body(() => ({ rating: 4.5, comment: "Sharp." }))], call: (a, [raw]) => reviews.addReview(deps(), a, raw), ignored: CALLS_COUNTED },
    { useCase: "profiles.getProfile",              as: "owner",                     params: [email(owner)],           call: (a, [address]) => profiles.getProfile(deps(), a, address) },
    { useCase: "profiles.getProfile",              as: "admin",                     params: [email(owner)],           call: (a, [address]) => profiles.getProfile(deps(), a, address) },
    { useCase: "profiles.saveProfile",             as: "owner",                     params: [email(owner), body(() => PROFILE)], call: (a, [address, raw]) => profiles.saveProfile(deps(), a, address, raw) },
    { useCase: "profiles.saveProfile",             as: "admin",                     params: [email(owner), body(() => PROFILE)], call: (a, [address, raw]) => profiles.saveProfile(deps(), a, address, raw) },
    { useCase: "profiles.saveMyProfile",           as: "owner",                     params: [body(() => PROFILE)],     call: (a, [raw]) => profiles.saveMyProfile(deps(), a, raw) },
    { useCase: "users.isAdmin",                    as: "owner",                     params: [email(owner)],           call: (a, [address]) => users.isAdmin(deps(), a, address) },
    { useCase: "users.isAdmin",                    as: "admin",                     params: [email(owner)],           call: (a, [address]) => users.isAdmin(deps(), a, address) },
    { useCase: "users.promoteToAdmin",             as: "admin",    scene: () => aCustomer(t), params: [email((s) => s.email!)], call: (a, [address]) => users.promoteToAdmin(deps(), a, address) },
    { useCase: "users.demoteFromAdmin",            as: "admin",    scene: () => anAdmin(t), params: [email((s) => s.email!)], call: (a, [address]) => users.demoteFromAdmin(deps(), a, address) },
    { useCase: "users.deleteUser",                 as: "admin",    scene: () => aCustomer(t), params: [email((s) => s.email!)], call: (a, [address]) => users.deleteUser(deps(), a, address) },
    { useCase: "users.confirmAccount",             as: "owner",                     params: [email(owner), body(() => ({ email: actors.owner.email, name: actors.owner.name }))], call: (a, [address, raw]) => users.confirmAccount(deps(), a, address, raw) },
  ], actors);
});

describe("fuzzing the gateway's use cases (SSLCommerz, through a stand-in): they resolve or refuse with a 4xx AppError, and a refusal changes no row", () => {
  const { t, gateway } = useSslcommerzApp();
  const actors = useActors(t);
  const deps = () => t.services;

  const anOrder = () => anOrderOf(t, actors.owner);
  /** An order paid at the gateway: the fields its IPN and the browser's return post carry. */
  const paidAtGateway = async () => {
    const { orderId } = await anOrder();
    const started = await payments.startGatewayPayment(deps(), actors.owner, { orderId });
    if (started.kind !== "redirect") throw new Error(`the gateway answered ${started.kind}`);
    return Object.fromEntries(gateway.approve(started.url.split("/").pop()!));
  };
  /** The usual order of things: the gateway's IPN has paid the order before the customer's browser comes back. */
  const paidAndNotified = async () => {
    const fields = await paidAtGateway();
    await payments.receiveGatewayNotification(deps(), new URLSearchParams(fields).toString(), new Headers());
    return fields;
  };

  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "payments.startGatewayPayment",        as: "owner",    scene: anOrder,         params: [body((s) => ({ orderId: s.orderId }))], call: (a, [raw]) => payments.startGatewayPayment(deps(), a, raw) },
    { useCase: "payments.receiveGatewayNotification", as: "stranger", scene: paidAtGateway,   params: [formText((s) => ({ val_id: s.val_id! })), headers], call: (_, [raw, sent]) => payments.receiveGatewayNotification(deps(), raw as string, sent as Headers) },
    { useCase: "payments.gatewayReturn",              as: "stranger", scene: paidAndNotified, params: [form((s) => ({ status: s.status!, val_id: s.val_id!, value_a: s.value_a! }))], call: (_, [fields]) => payments.gatewayReturn(deps(), fields as URLSearchParams) },
  ], actors);
});

describe("fuzzing the card provider's use cases with Stripe (through a stand-in): they resolve or refuse with a 4xx AppError, and a refusal changes no row", () => {
  const { t, stripeApi } = useStripeApp();
  const actors = useActors(t);
  const deps = () => t.services;
  const signer = new Stripe(STRIPE_SECRET_KEY);

  /** An order whose card payment Stripe took; the webhook or the buyer's word is how the store hears of it. */
  const aSucceededPayment = async () => {
    const { orderId } = await anOrderOf(t, actors.owner);
    const { payablePoisha } = await orderRow(t, orderId!);
    const intent = stripeApi.addIntent({
      amount: payablePoisha,
      currency: "bdt",
      status: "succeeded",
      metadata: { orderId: orderId! },
    });
    return { orderId: orderId!, intentId: intent.id };
  };
  const succeededEvent = (s: Scene) => ({
    id: `evt_${s.intentId}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: { ...stripeApi.intents.get(s.intentId!) } },
  });

  /** How a fuzzed webhook is signed: mostly right, so that hostile payloads get past the signature check. */
  const signature = choice(
    "signed",
    fc.oneof(fc.constantFrom("signed with another secret", "signed an hour ago", "unsigned"), hostileHeaderValue),
  );
  function signed(payload: string, how: unknown): Headers {
    const sign = (secret: string, timestamp?: number) =>
      new Headers({ "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }) });
    if (how === "signed") return sign(STRIPE_WEBHOOK_SECRET);
    if (how === "signed with another secret") return sign("whsec_someone_else");
    if (how === "signed an hour ago") return sign(STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    if (how === "unsigned") return new Headers();
    return new Headers({ "stripe-signature": String(how) });
  }

  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "payments.receiveCardNotification", as: "stranger", scene: aSucceededPayment, params: [text("stripe"), jsonText(succeededEvent), signature], call: (_, [provider, raw, how]) => payments.receiveCardNotification(deps(), provider as string, raw as string, signed(raw as string, how)) },
    { useCase: "payments.recordCardPayment",       as: "owner",    scene: aSucceededPayment, params: [id((s) => s.orderId!), body((s) => ({ transactionId: s.intentId }))], call: (a, [orderId, raw]) => payments.recordCardPayment(deps(), a, orderId, raw) },
  ], actors);
});
