import { z } from "zod";
import { paramsOf } from "@shared/list-page";
import { poishaToTk } from "@shared/money";
import { COURIERS, PARCEL_STATES } from "@shared/parcels";
import { CourierPayoutSchema } from "@shared/schemas/courier-payout";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { ADMINS_ONLY, BAD_INPUT, BAD_PAGE, PAGED, pageHeaders, pageQuery } from "../openapi/common-params";
import { dateTime } from "../openapi/common-answers";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import type { CourierPayoutRow } from "../db/schema";
import { courierHeldParcels, courierPayouts, recordCourierPayout, type HeldParcel } from "./payouts";

const tk = (description: string) => z.number().meta({ description: `${description}, in Tk.` });

const PayoutJson = named(
  "CourierPayout",
  z.object({
    id: z.number().int(),
    courier: z.enum(COURIERS),
    amount: tk("What arrived"),
    collected: tk("The parcels' cash the courier collected"),
    fee: tk("The courier's fees it kept"),
    reference: z.string().nullable().meta({ description: "The courier's own reference for the payout." }),
    parcels: z.number().int().optional().meta({ description: "How many parcels it settled." }),
    createdAt: dateTime(),
  }),
);

const HeldParcelJson = named(
  "HeldParcel",
  z.object({
    orderId: z.uuid(),
    invoice: z.string().nullable().meta({ description: "`INV-000042`." }),
    trackingCode: z.string().nullable(),
    state: z.enum(PARCEL_STATES),
    collected: tk("Cash collected"),
    fee: tk("The courier's fee"),
    net: tk("What the courier owes the shop for it: collected less fee"),
    collectedAt: dateTime().nullable(),
  }),
);

function payoutJson(p: CourierPayoutRow & { parcels?: number }) {
  return {
    id: p.id,
    courier: p.courier,
    amount: poishaToTk(p.amountPoisha),
    collected: poishaToTk(p.collectedPoisha),
    fee: poishaToTk(p.feePoisha),
    reference: p.reference,
    ...(p.parcels === undefined ? {} : { parcels: p.parcels }),
    createdAt: p.createdAt.toISOString(),
  };
}

function heldParcelJson(p: HeldParcel) {
  return {
    orderId: p.orderId,
    invoice: p.invoiceNumber === null ? null : formatInvoiceNumber(p.invoiceNumber),
    trackingCode: p.trackingCode,
    state: p.state as (typeof PARCEL_STATES)[number],
    collected: poishaToTk(p.collectedPoisha),
    fee: poishaToTk(p.feePoisha),
    net: poishaToTk(p.collectedPoisha - p.feePoisha),
    collectedAt: p.collectedAt?.toISOString() ?? null,
  };
}

/** Cash reconciled: what couriers hold, and the payouts that settle it. */
export const payoutCalls = [
  apiCall({
    method: "post",
    path: "/api/courier-payouts",
    operationId: "recordCourierPayout",
    tag: "orders",
    summary: "Record a courier's payout of cash it collected",
    description:
      "One payout settles many parcels: `orders` names them, `amount` (Tk) is what arrived. Every order's parcel " +
      "must be this courier's, with cash it collected (or a returned parcel whose fee it charges) and not yet paid " +
      "out; and `amount` must equal their collected cash less the courier's fees. Otherwise nothing is recorded and " +
      "409 says which orders, or the expected amount and the difference (`params.expected`, `params.given`, " +
      "`params.difference`, in Tk). Each order's history then says it was settled.",
    who: "admin",
    session: "required",
    body: jsonInput(named("CourierPayoutInput", CourierPayoutSchema)),
    rate: "courier",
    answers: {
      201: json(PayoutJson, "Recorded."),
      400: refused(BAD_INPUT),
      403: refused(ADMINS_ONLY),
      409: refused("An order whose cash this courier does not hold, or amounts that do not add up."),
    },
    handler: async (c) => c.json(payoutJson(await recordCourierPayout(c.get("ctx"), await jsonBody(c))), 201),
  }),
  apiCall({
    method: "get",
    path: "/api/courier-payouts",
    operationId: "listCourierPayouts",
    tag: "orders",
    summary: "The shop's recorded courier payouts",
    description: `Newest first. ${PAGED}`,
    who: "admin",
    session: "required",
    query: pageQuery,
    answers: {
      200: json(named("CourierPayoutList", z.array(PayoutJson)), "A page of payouts.", pageHeaders),
      400: refused(BAD_PAGE),
      403: refused(ADMINS_ONLY),
    },
    handler: async (c) => {
      const page = await courierPayouts(c.get("ctx"), paramsOf(new URL(c.req.url).searchParams, ["page", "limit"]));
      setPageHeaders(c, page);
      return c.json(page.items.map(payoutJson));
    },
  }),
  apiCall({
    method: "get",
    path: "/api/courier-payouts/held",
    operationId: "listHeldParcels",
    tag: "orders",
    summary: "Parcels whose cash a courier still holds",
    description:
      "Cash on delivery a courier collected and has not paid out, and returned parcels whose fee it will take, the " +
      `oldest first: what its next payout should cover. ${PAGED}`,
    who: "admin",
    session: "required",
    query: {
      courier: { description: "`steadfast` or `pathao`.", example: "steadfast" },
      ...pageQuery,
    },
    answers: {
      200: json(named("HeldParcelList", z.array(HeldParcelJson)), "A page of parcels.", pageHeaders),
      400: refused(`${BAD_PAGE} Or no such courier.`),
      403: refused(ADMINS_ONLY),
    },
    handler: async (c) => {
      const search = new URL(c.req.url).searchParams;
      const page = await courierHeldParcels(c.get("ctx"), paramsOf(search, ["courier", "page", "limit"]));
      setPageHeaders(c, page);
      return c.json(page.items.map(heldParcelJson));
    },
  }),
];
