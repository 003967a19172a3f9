import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { cancelOrder } from "@server/orders/orders";
import { asBearer, jsonInit } from "../support/accounts";
import { as } from "../support/contexts";
import { checkMoneyInvariants, tally } from "../support/money-checks";
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, useSslcommerzApp, useStripeApp } from "../support/provider-apps";
import { lastFirst, RACE_MS, RACES, statusOf, unexpected, useRaceOrders, type RaceOrder } from "../support/race-orders";
import type { StandInIntent } from "../support/stripe-stand-in";

// Webhook and IPN replays under races (the issue "Money and stock stay whole"): each of RACES payments (100 on
// PostgreSQL, 10 on PGlite) is reported many times at once, by the provider's notification and by the buyer,
// while a third of the orders expire (two copies of the store expiring at once) and a third are cancelled by an
// admin on the other copy. Each payment is recorded once, the order is paid or owes it back, and money and stock
// add up (tests/support/money-checks.ts). tests/integration/money-races.test.ts races the test-card processor.

const NO_COURIER = { reason: "No courier goes there" };

describe("money races with Stripe's webhook (through the stand-in)", () => {
  const { t, stripeApi } = useStripeApp();
  const race = useRaceOrders(t);
  const signer = new Stripe(STRIPE_SECRET_KEY);
  const WEBHOOKS = 5;
  const CONFIRMATIONS = 2;

  /** The buyer starts paying, and pays in Stripe.js: the PaymentIntent succeeded at Stripe. */
  async function paidInStripe(o: RaceOrder): Promise<StandInIntent> {
    const res = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId: o.id }, asBearer(o.buyer)));
    if (res.status !== 200) throw new Error(`payment start failed: ${res.status} ${await res.text()}`);
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    const intent = [...stripeApi.intents.values()].find((i) => i.client_secret === clientSecret)!;
    const confirmed = await fetch(`${stripeApi.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: "POST",
      headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_method: "pm_card_visa" }),
    });
    if (confirmed.status !== 200) throw new Error(`Stripe confirm failed: ${confirmed.status}`);
    return intent;
  }

  function webhook(intent: StandInIntent) {
    const payload = JSON.stringify({
      id: `evt_${intent.id}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { ...intent, status: "succeeded" } },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
    return t.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
  }

  it(
    `replays: each of ${RACES} payments reported ${WEBHOOKS} times by webhook and ${CONFIRMATIONS} by the buyer at once, a third expiring and a third cancelled meanwhile`,
    async () => {
      const { orders, initialStock } = await race.place(RACES);
      const intents = await Promise.all(orders.map(paidInStripe));
      const kind = (i: number) => (["replayed", "expiring", "cancelled"] as const)[i % 3]!;
      const at = new Date();
      await race.dueAt(
        orders.filter((_, i) => kind(i) === "expiring"),
        at,
      );

      // The reports are sent last order first; the cancels, first order first on the other copy (through the use
      // case, as the test-card race does), and the expiry takes the earliest due first: each meets the reports
      // somewhere in the middle.
      const answers: number[][] = [];
      const cancels: number[] = [];
      const admin = race.actorOf(race.admin);
      await race.withExpiry(at, (copy) =>
        Promise.all([
          ...lastFirst(orders.length).map(async (i) => {
            const o = orders[i]!;
            const calls = [
              ...Array.from({ length: WEBHOOKS }, () => webhook(intents[i]!)),
              ...Array.from({ length: CONFIRMATIONS }, () =>
                t.request(
                  `/api/order/${o.id}`,
                  jsonInit("PATCH", { transactionId: intents[i]!.id }, asBearer(o.buyer)),
                ),
              ),
            ];
            answers[i] = (await Promise.all(calls)).map((r) => r.status);
          }),
          ...orders.map(async (o, i) => {
            if (kind(i) === "cancelled") {
              cancels[i] = await statusOf(cancelOrder(as(copy.services, admin), o.id, NO_COURIER));
            }
          }),
        ]),
      );

      const endings = await checkMoneyInvariants(t.database.db, {
        initialStock,
        orderIds: orders.map((o) => o.id),
        confirmed: intents.map((intent, i) => ({ provider: "stripe", reference: intent.id, orderId: orders[i]!.id })),
      });
      const outcomes = orders.map((o, i) => {
        const e = endings.get(o.id)!;
        const statuses = answers[i]!;
        const hooks = statuses.slice(0, WEBHOOKS);
        const patches = statuses.slice(WEBHOOKS, WEBHOOKS + CONFIRMATIONS);
        const cancel = cancels[i];
        const paid = e.payments.length === 1 && e.payments[0]!.status === "succeeded";
        const due = e.payments.length === 1 && e.payments[0]!.status === "refund_due";
        const told = `webhooks ${hooks}, confirmations ${patches}, cancel ${cancel}`;
        if (hooks.some((s) => s !== 200)) return unexpected(e, told);
        // The buyer hears 200 for a payment the order took, 409 for one it has to give back (an order paid, then
        // cancelled, took it for a while).
        const heard = e.events.paid && kind(i) === "cancelled" ? [200, 409] : [paid ? 200 : 409];
        if (patches.some((s) => !heard.includes(s))) return unexpected(e, told);
        // One payment, announced once: `paid`, or `refund_due` when the order could not take it.
        const moneyEvents = (e.events.paid ?? 0) + (e.events.refund_due ?? 0);
        if (kind(i) === "cancelled") {
          if (e.row.status !== "cancelled" || cancel !== 200 || !due || e.events.refund_due !== 1) {
            return unexpected(e, told);
          }
          return e.events.paid ? "paid, then cancelled: due back" : "cancelled, then paid: due back";
        }
        if (moneyEvents !== 1) return unexpected(e, `${moneyEvents} paid/refund_due events, ${told}`);
        if (e.row.status === "paid" && paid) return kind(i) === "expiring" ? "paid before it expired" : "paid";
        if (kind(i) === "expiring" && e.row.status === "expired" && due) return "expired, then paid: due back";
        return unexpected(e, told);
      });
      expect(outcomes.filter((o) => o.startsWith("?"))).toEqual([]);
      console.log(`Stripe webhook replays, ${RACES} orders:`, tally(outcomes));
    },
    RACE_MS,
  );
});

describe("money races with SSLCommerz's IPN (through the stand-in)", () => {
  const { t, gateway } = useSslcommerzApp();
  const race = useRaceOrders(t);
  const IPNS = 3;
  const RETURNS = 1;

  /** A gateway session opened for the order and paid there: the fields its IPN and the browser's return carry. */
  async function paidAtGateway(o: RaceOrder) {
    const res = await t.request(
      "/api/payments/sslcommerz/session",
      jsonInit("POST", { orderId: o.id }, asBearer(o.buyer)),
    );
    if (res.status !== 200) throw new Error(`session failed: ${res.status} ${await res.text()}`);
    const { url } = (await res.json()) as { url: string };
    return gateway.approve(url.split("/").pop()!);
  }

  const post = (path: string, fields: URLSearchParams, headers: Record<string, string> = {}) =>
    t.request(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: fields.toString(),
    });

  it(
    `replays: ${RACES} orders' payments reported ${IPNS} times by IPN and ${RETURNS} by the browser at once, some paid twice, a third expiring and a third cancelled meanwhile`,
    async () => {
      const { orders, initialStock } = await race.place(RACES);
      // Every fourth buyer pays twice, in two gateway sessions.
      const sessions = await Promise.all(
        orders.map(async (o, i) => {
          const first = await paidAtGateway(o);
          return i % 4 === 3 ? [first, await paidAtGateway(o)] : [first];
        }),
      );
      const kind = (i: number) => (["replayed", "expiring", "cancelled"] as const)[i % 3]!;
      const at = new Date();
      await race.dueAt(
        orders.filter((_, i) => kind(i) === "expiring"),
        at,
      );

      // As with Stripe: reports last order first, cancels first order first, the expiry earliest due first.
      const answers: number[][] = [];
      const cancels: number[] = [];
      const admin = race.actorOf(race.admin);
      await race.withExpiry(at, (copy) =>
        Promise.all([
          ...lastFirst(orders.length).map(async (i) => {
            const calls = sessions[i]!.flatMap((fields) => [
              ...Array.from({ length: IPNS }, () => post("/api/payments/sslcommerz/ipn", fields)),
              ...Array.from({ length: RETURNS }, () =>
                post("/api/payments/sslcommerz/return", fields, { Origin: gateway.url }),
              ),
            ]);
            answers[i] = (await Promise.all(calls)).map((r) => r.status);
          }),
          ...orders.map(async (o, i) => {
            if (kind(i) === "cancelled") {
              cancels[i] = await statusOf(cancelOrder(as(copy.services, admin), o.id, NO_COURIER));
            }
          }),
        ]),
      );

      const confirmed = sessions.flatMap((list, i) =>
        list.map((fields) => ({ provider: "sslcommerz", reference: fields.get("tran_id")!, orderId: orders[i]!.id })),
      );
      const endings = await checkMoneyInvariants(t.database.db, {
        initialStock,
        orderIds: orders.map((o) => o.id),
        confirmed,
      });
      const outcomes = orders.map((o, i) => {
        const e = endings.get(o.id)!;
        const statuses = answers[i]!;
        const expected = sessions[i]!.flatMap(() => [
          ...Array<number>(IPNS).fill(200),
          ...Array<number>(RETURNS).fill(303),
        ]);
        const told = `answered ${statuses}, cancel ${cancels[i]}`;
        if (statuses.join() !== expected.join()) return unexpected(e, told);
        if (kind(i) === "cancelled" && cancels[i] !== 200) return unexpected(e, told);
        const twice = sessions[i]!.length === 2 ? ", paid twice" : "";
        const succeeded = e.payments.filter((p) => p.status === "succeeded").length;
        const due = e.payments.filter((p) => p.status === "refund_due").length;
        if (e.payments.length !== sessions[i]!.length) return unexpected(e, told);
        if (e.row.status === "paid" && kind(i) !== "cancelled") {
          // The second payment of an order paid twice is owed back.
          if (succeeded !== 1 || due !== sessions[i]!.length - 1) return unexpected(e, told);
          return `${kind(i) === "expiring" ? "paid before it expired" : "paid"}${twice}`;
        }
        if (succeeded !== 0 || due !== sessions[i]!.length) return unexpected(e, told);
        if (kind(i) === "expiring" && e.row.status === "expired") return `expired, then paid: due back${twice}`;
        if (kind(i) === "cancelled" && e.row.status === "cancelled") {
          return `${e.events.paid ? "paid, then cancelled" : "cancelled, then paid"}: due back${twice}`;
        }
        return unexpected(e, told);
      });
      expect(outcomes.filter((o) => o.startsWith("?"))).toEqual([]);
      console.log(`SSLCommerz IPN replays, ${RACES} orders:`, tally(outcomes));
    },
    RACE_MS,
  );
});
