import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testPaymentIntent } from "@server/db/schema";
import { cancelOrder } from "@server/orders/orders";
import { confirmTestCard } from "@server/payments/payments";
import { refundOrder } from "@server/payments/refunds";
import { asBearer, jsonInit, type TestAccount } from "../support/accounts";
import { as } from "../support/contexts";
import { checkMoneyInvariants, tally } from "../support/money-checks";
import { lastFirst, RACE_MS, RACES, statusOf, unexpected, useRaceOrders, type RaceOrder } from "../support/race-orders";
import { useTestApp } from "../support/test-app";

// The issue "Money and stock stay whole", under races with the test-card processor: RACES orders at once (100 on
// PostgreSQL, 10 on PGlite, which is one connection) are paid while two copies of the store expire them, paid while
// their buyer or an admin cancels them, and refunded by three admin calls at once. Each order ends exactly one of
// the ways the rules allow, and money and stock add up (tests/support/money-checks.ts). On PostgreSQL the second
// copy has a connection pool of its own, as a second server process has. payment-replays.test.ts races Stripe's
// webhook and SSLCommerz's IPN.

const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const onPostgres = Boolean(process.env.DATABASE_URL);

describe("money races with the test-card processor", () => {
  const t = useTestApp();
  const race = useRaceOrders(t);

  async function startCard(o: RaceOrder) {
    const res = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId: o.id }, asBearer(o.buyer)));
    if (res.status !== 200) throw new Error(`payment start failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { clientSecret: string }).clientSecret;
  }

  const confirm = (clientSecret: string) =>
    t.request("/api/payments/test/confirm", jsonInit("POST", { clientSecret, card: GOOD_CARD }));

  /** The test processor's word: every intent that took money is a payment to be recorded once. */
  async function intentsOf(orders: RaceOrder[]) {
    const rows = await t.database.db
      .select()
      .from(testPaymentIntent)
      .where(
        inArray(
          testPaymentIntent.orderId,
          orders.map((o) => o.id),
        ),
      );
    const confirmed = rows
      .filter((i) => i.status === "succeeded")
      .map((i) => ({ provider: "test", reference: i.id, orderId: i.orderId }));
    return { intentStatus: new Map(rows.map((i) => [i.orderId, i.status])), confirmed };
  }

  it(
    `expiry against payment: ${RACES} orders at their expiry moment are paid (or confirmed for cash) while two copies expire them`,
    async () => {
      const { orders, initialStock } = await race.place(RACES);
      const secrets = await Promise.all(orders.map(startCard));
      const at = new Date();
      await race.dueAt(orders, at);
      // Every fifth buyer chooses cash on delivery instead of paying by card.
      const byCash = (i: number) => i % 5 === 4;

      const { answers, expiredInRace } = await race.withExpiry(at, () => {
        const statuses: number[] = [];
        return Promise.all(
          lastFirst(orders.length).map(async (i) => {
            const o = orders[i]!;
            const res = byCash(i)
              ? await t.request(`/api/order/${o.id}/cash-on-delivery`, jsonInit("POST", {}, asBearer(o.buyer)))
              : await confirm(secrets[i]!);
            statuses[i] = res.status;
          }),
        ).then(() => statuses);
      });

      const { intentStatus, confirmed } = await intentsOf(orders);
      const endings = await checkMoneyInvariants(t.database.db, {
        initialStock,
        orderIds: orders.map((o) => o.id),
        confirmed,
      });
      const outcomes = orders.map((o, i) => {
        const e = endings.get(o.id)!;
        const [answer, status, paid] = [answers[i], e.row.status, e.payments[0]?.status];
        if (byCash(i)) {
          if (status === "cod" && answer === 200 && !e.events.expired) return "cash on delivery";
          if (status === "expired" && answer === 409) return "expired, cash refused";
          return unexpected(e, `cash answered ${answer}`);
        }
        const intent = intentStatus.get(o.id);
        if (status === "paid" && answer === 200 && paid === "succeeded" && !e.events.expired) return "paid";
        if (status === "expired" && answer === 200 && paid === "refund_due" && e.payments.length === 1) {
          return "expired, payment due back";
        }
        if (status === "expired" && answer === 409 && intent === "canceled" && e.payments.length === 0) {
          return "expired, card refused";
        }
        return unexpected(e, `card answered ${answer}, intent ${intent}`);
      });
      expect(outcomes.filter((o) => o.startsWith("?"))).toEqual([]);
      // Each expired order was expired by exactly one round of one copy.
      const expired = outcomes.filter((o) => o.startsWith("expired")).length;
      expect(expiredInRace).toBeLessThanOrEqual(expired);
      console.log(`expiry against payment, ${RACES} orders:`, tally(outcomes));
      if (onPostgres) {
        expect(outcomes).toContain("paid");
        expect(expired).toBeGreaterThan(0);
      }
    },
    RACE_MS,
  );

  it(
    `cancel against payment: ${RACES} orders cancelled by their buyer, an admin or both while they are paid`,
    async () => {
      const { orders, initialStock } = await race.place(RACES);
      const secrets = await Promise.all(orders.map(startCard));
      // Order i is cancelled by its buyer, by an admin, or by both at once, by i mod 3.
      const cancellers = (i: number): TestAccount[] => {
        const buyer = orders[i]!.buyer;
        return [[buyer], [race.admin], [buyer, race.admin]][i % 3]!;
      };
      const isAdmin = (who: TestAccount) => who === race.admin;

      // Through the use cases the doors call, without HTTP (over HTTP, a cancel first looks up the caller's
      // session). The payments come in on the other copy, as a provider's confirmation may; the cancels are sent
      // last order first and the payments first order first, so that each side wins some of the races.
      const copy = await race.otherCopy(new Date());
      const cancelAnswers: number[][] = [];
      const payAnswers: number[] = [];
      await Promise.all([
        ...lastFirst(orders.length).map(async (i) => {
          cancelAnswers[i] = await Promise.all(
            cancellers(i).map((who) =>
              statusOf(
                cancelOrder(as(t, race.actorOf(who)), orders[i]!.id, isAdmin(who) ? { reason: "Warped" } : undefined),
              ),
            ),
          );
        }),
        ...orders.map(async (_, i) => {
          payAnswers[i] = await statusOf(
            confirmTestCard(as(copy.services, null), { clientSecret: secrets[i]!, card: GOOD_CARD }),
          );
        }),
      ]).finally(() => copy.close());

      const { intentStatus, confirmed } = await intentsOf(orders);
      const endings = await checkMoneyInvariants(t.database.db, {
        initialStock,
        orderIds: orders.map((o) => o.id),
        confirmed,
      });
      const outcomes = orders.map((o, i) => {
        const e = endings.get(o.id)!;
        const [payAnswer, cancelled] = [payAnswers[i], cancelAnswers[i]!];
        const who = cancellers(i);
        const won = who.filter((_, k) => cancelled[k] === 200);
        const due = e.payments.length === 1 && e.payments[0]!.status === "refund_due";
        const intent = intentStatus.get(o.id);
        const refused = cancelled.filter((s) => s !== 200);
        if (refused.some((s) => s !== 409)) return unexpected(e, `cancels answered ${cancelled}`);
        if (e.row.status === "paid") {
          // Only the buyer is refused a paid order; an admin cancels it.
          if (who.some(isAdmin) || payAnswer !== 200 || e.payments[0]?.status !== "succeeded") {
            return unexpected(e, `paid; cancels answered ${cancelled}`);
          }
          return "paid, the buyer's cancel refused";
        }
        if (e.row.status !== "cancelled" || won.length !== 1) return unexpected(e, `cancels answered ${cancelled}`);
        if (e.row.cancelledBy !== (isAdmin(won[0]!) ? "admin" : "buyer"))
          return unexpected(e, "cancelled by the other");
        const by = isAdmin(won[0]!) ? "admin" : "buyer";
        if (payAnswer === 200 && due) {
          return e.events.paid
            ? `paid, then cancelled by the ${by}: due back`
            : `cancelled by the ${by}, then paid: due back`;
        }
        if (payAnswer === 409 && intent === "canceled" && e.payments.length === 0) {
          return `cancelled by the ${by}, card refused`;
        }
        return unexpected(e, `card answered ${payAnswer}, intent ${intent}`);
      });
      expect(outcomes.filter((o) => o.startsWith("?"))).toEqual([]);
      console.log(`cancel against payment, ${RACES} orders:`, tally(outcomes));
      if (onPostgres) {
        // Sent from opposite ends, the two sides met: some cancels came first, some payments.
        expect(outcomes.some((o) => o.includes(", then paid"))).toBe(true);
        expect(outcomes.some((o) => o.startsWith("paid"))).toBe(true);
      }
    },
    RACE_MS,
  );

  it(
    `refund against refund: ${RACES} orders' payments given back by three admin calls at once, on both copies`,
    async () => {
      const { orders, initialStock } = await race.place(RACES);
      const secrets = await Promise.all(orders.map(startCard));
      const admin = race.actorOf(race.admin);
      await Promise.all(
        orders.map(async (o, i) => {
          const paying = { clientSecret: secrets[i]!, card: GOOD_CARD };
          expect(await statusOf(confirmTestCard(as(t, null), paying))).toBe(200);
          expect(await statusOf(cancelOrder(as(t, admin), o.id, { reason: "Warped" }))).toBe(200);
        }),
      );

      const copy = await race.otherCopy(new Date());
      const answers = await Promise.all(
        orders.map((o) =>
          Promise.all(
            [t.services, copy.services, t.services].map((services) => statusOf(refundOrder(as(services, admin), o.id))),
          ),
        ),
      ).finally(() => copy.close());

      const { confirmed } = await intentsOf(orders);
      const endings = await checkMoneyInvariants(t.database.db, {
        initialStock,
        orderIds: orders.map((o) => o.id),
        confirmed,
      });
      const intents = await t.database.db
        .select()
        .from(testPaymentIntent)
        .where(
          inArray(
            testPaymentIntent.orderId,
            orders.map((o) => o.id),
          ),
        );
      const refundOf = new Map(intents.map((i) => [i.id, i]));
      const outcomes = orders.map((o, i) => {
        const e = endings.get(o.id)!;
        const [p] = e.payments;
        const intent = p && refundOf.get(p.providerRef);
        // The first call to finish finds the payment due; one that reads after it finds nothing due (409).
        if (answers[i]!.some((s) => s !== 200 && s !== 409) || !answers[i]!.includes(200)) {
          return unexpected(e, `refunds answered ${answers[i]}`);
        }
        if (e.row.refund !== "refunded" || e.payments.length !== 1 || p!.status !== "refunded") {
          return unexpected(e, "not refunded");
        }
        // Made once at the processor, under the payment's own key, and recorded with the processor's reference.
        if (intent?.refundKey !== `randa-refund-${p!.id}` || intent.refundId !== p!.refundRef) {
          return unexpected(e, `refund ${intent?.refundId} under ${intent?.refundKey}, recorded ${p!.refundRef}`);
        }
        return `refunded, ${answers[i]!.filter((s) => s === 200).length} of 3 calls answered 200`;
      });
      expect(outcomes.filter((o) => o.startsWith("?"))).toEqual([]);
      console.log(`refund against refund, ${RACES} orders:`, tally(outcomes));
    },
    RACE_MS,
  );
});
