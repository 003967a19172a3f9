import { Hono } from "hono";
import { DeliverySchema } from "~/schemas/delivery";
import { IdempotencyKeySchema, OrderSchema, OrderStatusSchema } from "~/schemas/order";
import { PaymentProofSchema } from "~/schemas/payment";
import { assertAdmin, assertSelfOrAdmin, requireSession } from "../auth/session";
import { cancelOrder } from "../domain/cancel-order";
import { advanceOrder, collectCash, confirmCashOnDelivery, setDelivery } from "../domain/order-lifecycle";
import { getOrderOf, listAllOrders, listOrdersOf } from "../domain/orders";
import { acceptHeldPayment, confirmOrderPayment } from "../domain/payments";
import { placeOrder } from "../domain/place-order";
import { getUserByEmail } from "../domain/users";
import type { Services } from "../services";
import { parseJsonBody } from "./body";
import { orderJson } from "./serialize";

export function orderRoutes({ auth, db, payments }: Services) {
  return new Hono()
    .post("/", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      const input = await parseJsonBody(c, OrderSchema);
      const key = IdempotencyKeySchema.parse(c.req.header("idempotency-key"));
      const placed = await placeOrder(db, input, user, key);
      if (placed.replayed) c.header("Idempotent-Replayed", "true");
      return c.json({ insertedId: placed.order.id });
    })
    .get("/", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      return c.json((await listAllOrders(db)).map(orderJson));
    })
    .get("/:email", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertSelfOrAdmin(user, c.req.param("email"));
      const buyer = await getUserByEmail(db, c.req.param("email"));
      return c.json((await listOrdersOf(db, buyer.id)).map(orderJson));
    })
    .get("/:email/:orderId", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertSelfOrAdmin(user, c.req.param("email"));
      const buyer = await getUserByEmail(db, c.req.param("email"));
      return c.json(orderJson(await getOrderOf(db, buyer.id, c.req.param("orderId"))));
    })
    .patch("/:id", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      const { transactionId } = await parseJsonBody(c, PaymentProofSchema);
      const paid = await confirmOrderPayment(db, payments, user, c.req.param("id"), transactionId);
      return c.json({ modifiedCount: paid.settled ? 1 : 0, paid: true, transactionId: paid.transactionId });
    })
    .put("/:id/delivery", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      const delivery = await parseJsonBody(c, DeliverySchema);
      return c.json(await setDelivery(db, user, c.req.param("id"), delivery));
    })
    .post("/:id/cash-on-delivery", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      return c.json(await confirmCashOnDelivery(db, user, c.req.param("id")));
    })
    .post("/:id/collect", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      return c.json(await collectCash(db, c.req.param("id")));
    })
    .post("/:id/accept-payment", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      const accepted = await acceptHeldPayment(db, c.req.param("id"));
      return c.json({ modifiedCount: 1, transactionId: accepted.transactionId });
    })
    .put("/:id/status", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      assertAdmin(user);
      const { status } = await parseJsonBody(c, OrderStatusSchema);
      return c.json(await advanceOrder(db, c.req.param("id"), status));
    })
    .delete("/:id", async (c) => {
      const { user } = await requireSession(auth, c.req.raw.headers);
      return c.json(await cancelOrder(db, user, c.req.param("id")));
    });
}
