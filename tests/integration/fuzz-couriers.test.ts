import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { casesOf, fuzzEach, sendCase, useFuzzAccounts, type FuzzedCall } from "../support/fuzz/fuzz-call";
import { hostileHeaderValue } from "../support/fuzz/hostile-values";
import { validCase } from "../support/fuzz/request-cases";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz, successes } from "../support/fuzz/run-fuzz";
import { CALLS_COUNTED } from "../support/fingerprint";
import { call } from "../support/order-money";
import { anOrderToShip } from "../support/parcels";
import { aParcelWithCash as aParcelWithCashOf } from "../support/page-scenes";
import { STEADFAST_WEBHOOK_TOKEN, usePathaoApp, useSteadfastApp } from "../support/provider-apps";

/** How a fuzzed webhook is authenticated: mostly right, so that hostile bodies get past the token. */
type Token = "right" | "none" | "another" | { forged: string };
const tokens: fc.Arbitrary<Token> = fc.oneof(
  { weight: 6, arbitrary: fc.constant("right" as const) },
  { weight: 3, arbitrary: fc.constantFrom("none" as const, "another" as const) },
  { weight: 1, arbitrary: hostileHeaderValue.map((forged) => ({ forged })) },
);

function authorization(token: Token): Record<string, string> {
  if (token === "none") return {};
  if (token === "another") return { Authorization: "Bearer someone-elses-token-0123456789" };
  if (typeof token === "object") return { Authorization: token.forged };
  return { Authorization: `Bearer ${STEADFAST_WEBHOOK_TOKEN}` };
}

describe("fuzzing the courier calls: never a 5xx, and a refused request changes no row", () => {
  const { t, steadfast } = useSteadfastApp();
  const accounts = useFuzzAccounts(t);

  /** A paid order, ready for its parcel to be booked. */
  const aPaidOrder = async () => ({
    orderId: await anOrderToShip(t, { buyer: accounts.owner, admin: accounts.admin }),
  });

  /** A parcel booked with the stand-in and delivered there: its webhook is what the store waits for. */
  const aDeliveredParcel = async () => {
    const { orderId } = await aPaidOrder();
    const res = await call(t, accounts.admin, "POST", `/api/order/${orderId}/courier`, { courier: "steadfast" });
    const { consignmentId, trackingCode } = (await res.json()) as { consignmentId: string; trackingCode: string };
    steadfast.setStatus(Number(consignmentId), "delivered");
    return { orderId, consignmentId, trackingCode };
  };

  /** A paid order, and a parcel for it the shop booked by hand in Steadfast's portal: recorded, not booked. */
  const anOrderAndAPortalParcel = async () => {
    const made = steadfast.bookInPortal();
    return { ...(await aPaidOrder()), consignmentId: String(made.consignment_id), trackingCode: made.tracking_code };
  };

  /** A cash-on-delivery parcel the courier delivered, its cash collected (1,200 Tk less a 60 Tk fee). */
  const aParcelWithCash = () => aParcelWithCashOf(t, accounts.owner);
  /** A booked parcel the courier brought back: the shop may receive it. */
  const aReturnedParcel = async () => {
    const { orderId, consignmentId } = await aDeliveredParcel();
    steadfast.setStatus(Number(consignmentId), "cancelled");
    return { orderId };
  };

  // prettier-ignore
  fuzzEach(t, [
    // Bookings, parcels received back and payouts that pass the schema count against the couriers' rate limit, taken or not (CALLS_COUNTED).
    { call: "POST /api/order/{id}/courier", as: "admin", scene: aPaidOrder, id: (s) => s.orderId!, body: () => ({ courier: "steadfast" }), ignored: CALLS_COUNTED },
    { call: "POST /api/order/{id}/courier", as: "admin", scene: anOrderAndAPortalParcel, id: (s) => s.orderId!, body: (s) => ({ courier: "steadfast", consignmentId: s.consignmentId!, trackingCode: s.trackingCode! }), shape: "booked in the portal", ignored: CALLS_COUNTED },
    { call: "POST /api/order/{id}/returned", as: "admin", scene: aReturnedParcel, id: (s) => s.orderId!, ignored: CALLS_COUNTED },
    { call: "POST /api/courier-payouts", as: "admin", scene: aParcelWithCash, body: (s) => ({ courier: "steadfast", orders: [s.orderId!], amount: 1140, reference: "SF-1" }), ignored: CALLS_COUNTED },
  ], accounts);

  const webhook: FuzzedCall = {
    call: "POST /api/couriers/steadfast/webhook",
    as: "anonymous",
    scene: aDeliveredParcel,
    body: (s) => JSON.parse(steadfast.webhookBody(Number(s.consignmentId))) as Record<string, string>,
  };

  it(
    `${webhook.call}, with its token and forged: ${FUZZ_RUNS} hostile requests`,
    { timeout: FUZZ_TIMEOUT },
    async () => {
      const statuses = await fuzz({
        t,
        scene: webhook.scene,
        cases: fc.record({ request: await casesOf(webhook), token: tokens }),
        valid: { request: validCase(true, "json"), token: "right" },
        send: (s, c) => sendCase(t, webhook, accounts, s, c.request, () => authorization(c.token)),
      });
      expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
    },
  );
});

describe("fuzzing Pathao's webhook and booking with Pathao: never a 5xx, and a refused request changes no row", () => {
  const { t, pathao } = usePathaoApp();
  const accounts = useFuzzAccounts(t);

  const aPaidOrder = async () => ({
    orderId: await anOrderToShip(t, { buyer: accounts.owner, admin: accounts.admin }),
  });

  /** A parcel booked with Pathao's stand-in and delivered there. */
  const aDeliveredParcel = async () => {
    const { orderId } = await aPaidOrder();
    const res = await call(t, accounts.admin, "POST", `/api/order/${orderId}/courier`, { courier: "pathao" });
    const { consignmentId } = (await res.json()) as { consignmentId: string };
    pathao.setStatus(consignmentId, "Delivered");
    return { orderId, consignmentId };
  };

  /** A paid order, and a parcel for it the shop booked by hand in Pathao's portal. */
  const anOrderAndAPortalParcel = async () => {
    const made = pathao.bookInPortal();
    return { ...(await aPaidOrder()), consignmentId: made.consignment_id };
  };

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/order/{id}/courier", as: "admin", scene: aPaidOrder, id: (s) => s.orderId!, body: () => ({ courier: "pathao" }), shape: "pathao", ignored: CALLS_COUNTED },
    { call: "POST /api/order/{id}/courier", as: "admin", scene: anOrderAndAPortalParcel, id: (s) => s.orderId!, body: (s) => ({ courier: "pathao", consignmentId: s.consignmentId!, trackingCode: s.consignmentId! }), shape: "pathao, booked in the portal", ignored: CALLS_COUNTED },
  ], accounts);

  const webhook: FuzzedCall = {
    call: "POST /api/couriers/pathao/webhook",
    as: "anonymous",
    scene: aDeliveredParcel,
    body: (s) => JSON.parse(pathao.webhookBody(s.consignmentId!, "order.delivered")) as Record<string, string>,
  };

  it(
    `${webhook.call}, with its secret and forged: ${FUZZ_RUNS} hostile requests`,
    { timeout: FUZZ_TIMEOUT },
    async () => {
      const secrets = fc.oneof(
        { weight: 6, arbitrary: fc.constant(pathao.webhookSecret) },
        { weight: 3, arbitrary: fc.constantFrom("", "someone-elses-secret") },
        { weight: 1, arbitrary: hostileHeaderValue },
      );
      const statuses = await fuzz({
        t,
        scene: webhook.scene,
        cases: fc.record({ request: await casesOf(webhook), secret: secrets }),
        valid: { request: validCase(true, "json"), secret: pathao.webhookSecret },
        send: (s, c) => sendCase(t, webhook, accounts, s, c.request, () => ({ "X-PATHAO-Signature": c.secret })),
      });
      expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
    },
  );
});
