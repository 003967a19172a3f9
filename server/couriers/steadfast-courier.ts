import { M } from "@shared/messages";
import { poishaToTk, tkToPoisha } from "@shared/money";
import type { ParcelState } from "@shared/parcels";
import { unauthorized } from "../errors";
import {
  courierTime,
  CourierFailure,
  jsonObject,
  refusalReason,
  sameSecret,
  type Booking,
  type Courier,
  type ParcelNews,
  type ParcelRequest,
} from "./courier";

/** Steadfast's merchant API, as its documentation gives it. */
export const STEADFAST_BASE_URL = "https://portal.packzy.com/api/v1";

export interface SteadfastSettings {
  apiKey: string;
  secretKey: string;
  baseUrl: string;
  /** The bearer token Steadfast sends with its webhooks (set in its portal). */
  webhookToken: string;
  /** How long a call may take before the courier counts as silent. */
  timeoutMs?: number;
}

/**
 * Steadfast's delivery statuses in the store's words. `in_review`: booked, waiting for Steadfast's review;
 * `pending`: on its way; the `…_approval_pending` ones: the rider reported it, Steadfast has yet to approve.
 * `cancelled`: the recipient refused it, so it comes back (a return).
 */
const STATES: Record<string, ParcelState> = {
  in_review: "booked",
  pending: "in_transit",
  hold: "hold",
  delivered_approval_pending: "delivered",
  delivered: "delivered",
  partial_delivered_approval_pending: "partly_delivered",
  partial_delivered: "partly_delivered",
  cancelled_approval_pending: "returned",
  cancelled: "returned",
  unknown_approval_pending: "in_transit",
  unknown: "in_transit",
};

const stateOf = (status: string): ParcelState => STATES[status] ?? "in_transit";

/** Steadfast (https://steadfast.com.bd): `Api-Key` and `Secret-Key` headers, JSON both ways. */
export function createSteadfastCourier(settings: SteadfastSettings): Courier {
  const timeoutMs = settings.timeoutMs ?? 15_000;

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          "Api-Key": settings.apiKey,
          "Secret-Key": settings.secretKey,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new CourierFailure("silent", err instanceof Error ? err.message : String(err));
    }
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status >= 500 || json === null) throw new CourierFailure("silent", `HTTP ${res.status}`);
    // Steadfast answers its refusals with a `status` and a message or field errors in the body.
    const status = typeof json["status"] === "number" ? json["status"] : res.status;
    if (!res.ok || status >= 400) throw new CourierFailure("refused", refusalReason(json, res.status));
    return json;
  }

  return {
    name: "steadfast",
    trustsWebhooks: true,

    async book(parcel: ParcelRequest): Promise<Booking> {
      const answer = await call("POST", "/create_order", {
        invoice: parcel.invoice,
        recipient_name: parcel.recipientName.slice(0, 100),
        recipient_phone: parcel.phone,
        recipient_address: parcel.address.slice(0, 250),
        cod_amount: poishaToTk(parcel.codPoisha),
        note: parcel.note ?? "",
        item_description: parcel.description.slice(0, 250),
        total_lot: parcel.itemCount,
        delivery_type: 0,
      });
      const consignment = answer["consignment"] as Record<string, unknown> | undefined;
      const id = consignment?.["consignment_id"];
      const code = consignment?.["tracking_code"];
      if ((typeof id !== "number" && typeof id !== "string") || typeof code !== "string" || code === "") {
        throw new CourierFailure("silent", "no consignment in the answer");
      }
      const status = typeof consignment!["status"] === "string" ? consignment!["status"] : "in_review";
      return {
        consignmentRef: String(id),
        trackingCode: code,
        state: stateOf(status),
        courierStatus: status,
        feePoisha: null,
      };
    },

    async check(consignmentRef: string): Promise<ParcelNews> {
      const answer = await call("GET", `/status_by_cid/${encodeURIComponent(consignmentRef)}`);
      const status = answer["delivery_status"];
      if (typeof status !== "string") throw new CourierFailure("silent", "no delivery_status in the answer");
      return {
        consignmentRef,
        invoice: null,
        state: stateOf(status),
        courierStatus: status,
        message: null,
        collectedPoisha: null,
        feePoisha: null,
        at: null,
      };
    },

    readWebhook(body: string, headers: Headers): ParcelNews | null {
      const offered = /^Bearer (.+)$/i.exec(headers.get("authorization") ?? "")?.[1] ?? "";
      if (!sameSecret(offered, settings.webhookToken)) {
        throw unauthorized(M.courier.webhook_unauthorized);
      }
      const payload = jsonObject(body);
      if (!payload) return null;
      const id = payload["consignment_id"];
      if (typeof id !== "number" && typeof id !== "string") return null;
      const kind = payload["notification_type"];
      const status = typeof payload["status"] === "string" ? payload["status"] : null;
      if (kind === "delivery_status" && status === null) return null;
      if (kind !== "delivery_status" && kind !== "tracking_update") return null;
      return {
        consignmentRef: String(id),
        invoice: typeof payload["invoice"] === "string" ? payload["invoice"] : null,
        state: status === null ? null : stateOf(status),
        courierStatus: status ?? "tracking_update",
        message: typeof payload["tracking_message"] === "string" ? payload["tracking_message"] : null,
        collectedPoisha: kind === "delivery_status" ? amount(payload["cod_amount"]) : null,
        feePoisha: kind === "delivery_status" ? amount(payload["delivery_charge"]) : null,
        at: courierTime(payload["updated_at"]),
      };
    },
  };
}

function amount(value: unknown): number | null {
  const tk = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isFinite(tk) && tk >= 0 ? tkToPoisha(tk) : null;
}
