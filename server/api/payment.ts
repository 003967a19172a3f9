import { Hono } from "hono";
import { PaymentIntentSchema, TestCardConfirmSchema } from "~/schemas/payment";
import { requireSession } from "../auth/session";
import { settlePayment, startOrderPayment } from "../domain/payments";
import { DomainError, notFound } from "../errors";
import { isId } from "../domain/orders";
import { confirmTestCardPayment } from "../payments/test-card-confirm";
import type { Services } from "../services";
import { parseJsonBody } from "./body";

const NO_SUCH_PROVIDER = "This store does not take payments that way.";

/** POST /api/create-payment-intent (spec §7): the order's owner starts paying; the amount is the order's. */
export function paymentIntentRoutes({ auth, db, payments }: Services) {
  return new Hono().post("/", async (c) => {
    const { user } = await requireSession(auth, c.req.raw.headers);
    const { orderId } = await parseJsonBody(c, PaymentIntentSchema);
    const started = await startOrderPayment(db, payments, user, orderId);
    return started.kind === "card" ? c.json({ clientSecret: started.clientSecret }) : c.json({ url: started.url });
  });
}

/** The providers' own endpoints: the test processor's confirm call and the notifications providers send. */
export function providerRoutes({ auth, db, payments, gateway }: Services) {
  const requireGateway = () => {
    if (!gateway) throw notFound(NO_SUCH_PROVIDER);
    return gateway;
  };
  return (
    new Hono()
      .post("/sslcommerz/session", async (c) => {
        const provider = requireGateway();
        const { user } = await requireSession(auth, c.req.raw.headers);
        const { orderId } = await parseJsonBody(c, PaymentIntentSchema);
        const started = await startOrderPayment(db, provider, user, orderId);
        return c.json({ url: started.kind === "redirect" ? started.url : null });
      })
      .post("/sslcommerz/ipn", async (c) => {
        const proof = await requireGateway().readNotification(await c.req.text(), c.req.raw.headers);
        if (proof) await settlePayment(db, proof);
        return c.json({ received: true });
      })
      // The customer's browser comes back from the gateway with a form post; it goes the IPN's way, then home.
      .post("/sslcommerz/return", async (c) => {
        const provider = requireGateway();
        const form = new URLSearchParams(await c.req.text());
        const orderId = form.get("value_a") ?? "";
        const valId = form.get("val_id");
        let outcome = form.get("status") === "CANCELLED" ? "cancelled" : "failed";
        if (valId) {
          try {
            const proof = await provider.retrieve(valId);
            if (proof) outcome = (await settlePayment(db, proof)).held ? "held" : "paid";
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
        }
        const page = isId(orderId) ? `/dashboard/payment/${orderId}?gateway=${outcome}` : "/dashboard/orders";
        return c.redirect(page, 303);
      })
      .post("/test/confirm", async (c) => {
        if (payments.name !== "test") throw notFound(NO_SUCH_PROVIDER);
        return c.json(await confirmTestCardPayment(db, await parseJsonBody(c, TestCardConfirmSchema)));
      })
      .post("/:provider/webhook", async (c) => {
        if (c.req.param("provider") !== payments.name) throw notFound(NO_SUCH_PROVIDER);
        const proof = await payments.readNotification(await c.req.text(), c.req.raw.headers);
        if (proof) await settlePayment(db, proof);
        return c.json({ received: true });
      })
  );
}
