import { z } from "zod";
import { CourierChoiceSchema } from "@shared/schemas/courier";
import { jsonBody } from "../http/json-body";
import { ADMINS_ONLY, BAD_INPUT, id } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { PARCEL_STATES, type CourierName } from "@shared/parcels";
import { dateTime } from "../openapi/common-answers";
import { bookCourier, receiveCourierWebhook, trackParcel } from "./couriers";

const CourierBooked = named(
  "CourierBooked",
  z.object({
    consignmentId: z.string().meta({ description: "The courier's id for the consignment." }),
    trackingCode: z.string().meta({ description: "The code the buyer follows the parcel by." }),
  }),
);

/** Steadfast's delivery-status webhook, as its documentation gives the body. */
const SteadfastWebhook = named(
  "SteadfastWebhook",
  z.object({
    notification_type: z.enum(["delivery_status", "tracking_update"]),
    consignment_id: z.number().int(),
    invoice: z.string().meta({ description: "The order's invoice number (`INV-000042`)." }),
    cod_amount: z.number().optional().meta({ description: "Cash collected, in Tk." }),
    status: z.string().optional().meta({ description: "`pending`, `delivered`, `partial_delivered`, `cancelled`…" }),
    delivery_charge: z.number().optional().meta({ description: "The courier's charge, in Tk." }),
    tracking_message: z.string().optional(),
    updated_at: z.string().meta({ description: "When it happened, by the courier's clock." }),
  }),
);

/** Pathao's order webhook, as its documentation gives the body. */
const PathaoWebhook = named(
  "PathaoWebhook",
  z.object({
    event: z.string().meta({ description: "`order.created`, `order.picked`, `order.delivered`, `order.returned`…" }),
    consignment_id: z.string(),
    merchant_order_id: z.string().optional().meta({ description: "The order's invoice number (`INV-000042`)." }),
    store_id: z.number().int().optional(),
    collected_amount: z.number().optional().meta({ description: "Cash collected, in Tk." }),
    delivery_fee: z.number().optional(),
    reason: z.string().optional(),
    updated_at: z.string().meta({ description: "`YYYY-MM-DD HH:MM:SS`, Bangladesh time." }),
    timestamp: z.string().optional().meta({ description: "The same moment in ISO 8601." }),
  }),
);

const CourierWebhook = named("CourierWebhook", z.union([SteadfastWebhook, PathaoWebhook]));

const WebhookReceived = named(
  "CourierWebhookReceived",
  z.object({
    status: z.literal("success"),
    message: z
      .string()
      .meta({ description: "What the store did with it: taken, repeated, unknown, unverified or ignored." }),
  }),
);

const ParcelTracking = named(
  "ParcelTracking",
  z.object({
    trackingCode: z.string(),
    courier: z.enum(["steadfast", "pathao"]),
    state: z.enum(PARCEL_STATES).meta({
      description:
        "`booked`, `in_transit`, `hold`, `delivered`, `partly_delivered`, `returned` or `cancelled` (`booking` never shows).",
    }),
    steps: z
      .array(
        z.object({
          state: z.enum(PARCEL_STATES).nullable().meta({ description: "null: a message on the way." }),
          message: z.string().nullable().meta({ description: "The courier's words." }),
          at: dateTime(),
        }),
      )
      .meta({ description: "What the parcel went through, oldest first." }),
  }),
);

/**
 * `POST /api/order/{id}/courier`: "Book courier"; `POST /api/couriers/{courier}/webhook`: the couriers' news;
 * `GET /api/track/{trackingCode}`: a parcel's steps, for whoever has the code.
 */
export const courierCalls = [
  apiCall({
    method: "post",
    path: "/api/order/{id}/courier",
    operationId: "bookCourier",
    tag: "orders",
    summary: "Hand an order's parcel to a courier, or record one the courier holds",
    description:
      "A paid order, or a cash-on-delivery order the shop confirmed, not yet shipped: the courier (`steadfast` or " +
      "`pathao`, when its STEADFAST_* or PATHAO_* are set) books a consignment under the order's invoice number, with the delivery details and " +
      "what to collect (the total, less any advance, for cash on delivery; 0 when paid), and the order is shipped. " +
      "Booking an order again answers the consignment it has. A courier that refuses or does not answer changes " +
      "nothing. " +
      "With `consignmentId` and `trackingCode` (both, as the courier's portal shows them), nothing is booked: the " +
      "parcel is one the courier holds already (booked by hand in its portal, or booked here when the courier's " +
      "answer was lost, so that booking again is refused as a repeated invoice). The store asks the courier about " +
      "that consignment and records it as a booking, with the state the courier answers: the order is shipped, its " +
      "history says so and the buyer is told. A consignment the courier does not know, or one recorded on another " +
      "order, is refused; recording an order's own parcel again answers it, another consignment on a booked order " +
      "is refused.",
    who: "admin",
    session: "required",
    params: { id: id("order") },
    body: jsonInput(named("CourierChoice", CourierChoiceSchema)),
    rate: "courier",
    answers: {
      200: json(CourierBooked, "Booked or recorded (or booked already)."),
      400: refused(
        `${BAD_INPUT} Or a courier the shop has no account with, or a consignment id without its tracking code (or the reverse).`,
      ),
      403: refused(ADMINS_ONLY),
      404: refused("No such order."),
      409: refused(
        "The order is not paid or confirmed, is shipped already, has no delivery details, its booking is on its " +
          "way, or the courier refused the parcel (the message says why). Recording: the courier does not know the " +
          "consignment (its reason), another order has it, or the order's parcel is another consignment.",
      ),
      502: refused("The courier did not answer; nothing was booked or recorded."),
    },
    handler: async (c) => c.json(await bookCourier(c.get("ctx"), c.req.param("id"), await jsonBody(c))),
  }),

  apiCall({
    method: "post",
    path: "/api/couriers/{courier}/webhook",
    operationId: "courierWebhook",
    tag: "orders",
    summary: "A courier's news of a parcel",
    description:
      "Steadfast's delivery-status webhook (`steadfast`, `Authorization: Bearer <STEADFAST_WEBHOOK_TOKEN>`) or " +
      "Pathao's (`pathao`, `X-PATHAO-Signature: <PATHAO_WEBHOOK_SECRET>`; every answer carries the secret back in " +
      "`X-Pathao-Merchant-Webhook-Integration-Secret`): the parcel's state and a step of its history, once (a " +
      "replay changes nothing), in the courier's order (older news does not undo newer); delivered, the order is " +
      "delivered. Pathao's secret is every merchant's, so its news is what Pathao's API says of the parcel when " +
      "asked (`unverified` when it does not answer). A parcel the store does not know is acknowledged and left alone.",
    who: "the courier (authenticated as it documents)",
    session: "none",
    params: { courier: { description: "`steadfast` or `pathao`.", example: "steadfast" } },
    headers: {
      Authorization: {
        description: "Steadfast's: `Bearer <STEADFAST_WEBHOOK_TOKEN>`.",
        example: "Bearer …",
        required: false,
      },
      "X-PATHAO-Signature": { description: "Pathao's: PATHAO_WEBHOOK_SECRET.", example: "…", required: false },
    },
    body: jsonInput(CourierWebhook),
    answers: {
      200: json(WebhookReceived, "Received."),
      401: refused("Not authenticated as the courier: nothing changes."),
      404: refused("Not one of the shop's couriers."),
    },
    // The courier's own body, read as text: each courier authenticates and reads it its own way.
    handler: async (c) => {
      const courier = c.get("ctx").couriers[c.req.param("courier") as CourierName];
      // Pathao checks that every answer carries its secret back, a refusal's too.
      for (const [name, value] of Object.entries(courier?.webhookAnswerHeaders?.() ?? {})) c.header(name, value);
      const outcome = await receiveCourierWebhook(
        c.get("ctx"),
        c.req.param("courier") ?? "",
        await c.req.text(),
        c.req.raw.headers,
      );
      return c.json({ status: "success" as const, message: outcome });
    },
  }),

  apiCall({
    method: "get",
    path: "/api/track/{trackingCode}",
    operationId: "trackParcel",
    tag: "orders",
    summary: "Follow a parcel by its tracking code",
    description: "Where the parcel is and what it went through; nothing about its buyer (no name, phone or address).",
    who: "anyone with the code",
    session: "none",
    params: { trackingCode: { description: "The code the courier gave the parcel.", example: "15BAEB8A" } },
    answers: {
      200: json(ParcelTracking, "The parcel's steps."),
      404: refused("No parcel has this code."),
    },
    handler: async (c) => c.json(await trackParcel(c.get("ctx"), c.req.param("trackingCode"))),
  }),
];
