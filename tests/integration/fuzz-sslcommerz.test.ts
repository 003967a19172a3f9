import { describe } from "vitest";
import { asBearer, jsonInit } from "../support/accounts";
import { fuzzEach, useFuzzAccounts, type Scene } from "../support/fuzz/fuzz-call";
import { orderFor } from "../support/orders";
import { useSslcommerzApp } from "../support/provider-apps";

describe("fuzzing the SSLCommerz calls (through a stand-in): never a 5xx, and a refused request changes no row", () => {
  const { t, gateway } = useSslcommerzApp();
  const accounts = useFuzzAccounts(t);

  const anOrder = async () => ({ orderId: await orderFor(t, accounts.owner) });
  /** An order paid at the gateway: the fields its IPN and the browser's return post carry. */
  const paidAtGateway = async () => {
    const { orderId } = await anOrder();
    const res = await t.request(
      "/api/payments/sslcommerz/session",
      jsonInit("POST", { orderId }, asBearer(accounts.owner)),
    );
    const { url } = (await res.json()) as { url: string };
    return Object.fromEntries(gateway.approve(url.split("/").pop()!));
  };
  /** The usual order of things: the gateway's IPN has paid the order before the customer's browser comes back. */
  const paidAndNotified = async () => {
    const fields = await paidAtGateway();
    await t.request("/api/payments/sslcommerz/ipn", { method: "POST", body: new URLSearchParams(fields) });
    return fields;
  };
  // Of all the fields the gateway posts, the fuzz keeps those the store reads, so hostile values land there.
  const ipn = (s: Scene) => ({ val_id: s.val_id });
  const browserReturn = (s: Scene) => ({ status: s.status, val_id: s.val_id, value_a: s.value_a });

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/payments/sslcommerz/session", as: "owner",     scene: anOrder,         body: (s) => ({ orderId: s.orderId }) },
    { call: "POST /api/payments/sslcommerz/ipn",     as: "anonymous", scene: paidAtGateway,   body: ipn,           format: "form" },
    { call: "POST /api/payments/sslcommerz/return",  as: "anonymous", scene: paidAndNotified, body: browserReturn, format: "form" },
  ], accounts);
});
