import { poishaToTk } from "@shared/money";
import { CheckoutSchema } from "@shared/schemas/checkout";
import { jsonBody } from "../http/json-body";
import { BAD_INPUT } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import { checkout, quoteDelivery } from "./checkout";
import { CheckoutPlaced, DeliveryChargeJson, deliveryChargeJson } from "./wire";

export const checkoutCalls = [
  apiCall({
    method: "get",
    path: "/api/delivery-charge",
    operationId: "getDeliveryCharge",
    tag: "delivery",
    summary: "What delivery to a district costs",
    description:
      "For a parcel of `weight` grams, or without it for the caller's cart (its weight, and its subtotal for free " +
      "delivery). The charge an order pays is reckoned again when it is placed.",
    who: "anyone",
    session: "optional",
    query: {
      district: { description: "One of Bangladesh's 64 districts, as the delivery form names it.", example: "Sylhet" },
      weight: { description: "The parcel's weight in grams.", example: "2300", required: false },
    },
    answers: {
      200: json(DeliveryChargeJson, "The zone and its charge."),
      400: refused("No such district, or a weight that is not a whole number of grams."),
    },
    handler: async (c) => c.json(deliveryChargeJson(await quoteDelivery(c.get("ctx"), c.req.query()))),
  }),
  apiCall({
    method: "post",
    path: "/api/checkout",
    operationId: "checkout",
    tag: "orders",
    summary: "Place one order of the cart",
    description:
      "The caller's cart (or, with `only`, that one line, the cart untouched) becomes one order: every line's stock " +
      "is taken in one transaction, all or none, and the delivery charge is reckoned for `delivery`'s district (or " +
      'the saved address `addressId`). `paymentMethod: "cod"` confirms cash on delivery at once where the zone ' +
      "takes it (where the zone asks for the delivery charge first, the answer's `advance` is to be paid online, " +
      "and the order waits unpaid for it); card and SSLCommerz are paid next (`POST /api/create-payment-intent`, " +
      "`POST /api/payments/sslcommerz/session`) for the order's `total`. The ordered lines leave the cart. " +
      "`buyerBin`, the buyer's own BIN for a Mushak-6.3 (optional), is kept only by a VAT-registered shop (SHOP_BIN " +
      "and VAT_RATE); a shop that is not drops it (the order's `buyerBin` is null), though a malformed one is a 400.",
    who: "signed in",
    session: "required",
    headers: {
      "Idempotency-Key": {
        description: "A retried checkout with the same key answers the order the first one placed.",
        example: "checkout-7f3a",
        required: false,
      },
    },
    body: jsonInput(named("CheckoutInput", CheckoutSchema)),
    rate: "order",
    answers: {
      200: json(CheckoutPlaced, "The order's id and total."),
      400: refused(BAD_INPUT),
      403: refused("A cookie-carried write from another site."),
      404: refused("No such saved address, or (`only`) a product id that is not one."),
      409: refused(
        "An empty cart (`checkout.empty_cart`); lines that cannot be bought as asked (`checkout.lines_short`, with " +
          "`lines: [{productId, code, message}]` naming each); cash on delivery not taken in the zone; a way of paying " +
          "this store does not take; or the buyer's open orders at MAX_OPEN_ORDERS.",
      ),
    },
    handler: async (c) => {
      const placed = await checkout(c.get("ctx"), await jsonBody(c), c.req.header("idempotency-key"));
      return c.json({
        insertedId: placed.id,
        total: poishaToTk(placed.totalPoisha),
        advance: poishaToTk(placed.advancePoisha),
      });
    },
  }),
];
