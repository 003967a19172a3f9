import { M } from "@shared/messages";
import { tkToPoisha } from "@shared/money";
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
import { cityOfDistrict, placeNamedIn, type PathaoDestination, type PathaoPlace } from "./pathao-places";

/** Pathao's merchant API (Aladdin), as its documentation gives it; its sandbox is courier-api-sandbox.pathao.com. */
export const PATHAO_BASE_URL = "https://api-hermes.pathao.com";

export interface PathaoSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The pickup store's id in Pathao (its merchant panel, or `GET /aladdin/api/v1/stores`). */
  storeId: number;
  /** The secret set for the webhook in Pathao's panel: it comes as `X-PATHAO-Signature`, and goes back. */
  webhookSecret: string;
  timeoutMs?: number;
}

/**
 * Pathao's order statuses (`order_status_slug`, and the webhook's `order.…` events) in the store's words. A return
 * (`Return`, `order.returned`, `order.paid-return`, …) comes back to the shop.
 */
const STATES: Record<string, ParcelState> = {
  pending: "booked",
  "pickup-requested": "booked",
  "assigned-for-pickup": "booked",
  "pickup-failed": "booked",
  "pickup-cancelled": "cancelled",
  picked: "in_transit",
  "at-the-sorting-hub": "in_transit",
  "in-transit": "in_transit",
  "received-at-last-mile-hub": "in_transit",
  "assigned-for-delivery": "in_transit",
  "delivery-failed": "in_transit",
  "on-hold": "hold",
  delivered: "delivered",
  "payment-invoice": "delivered",
  paid: "delivered",
  "partial-delivery": "partly_delivered",
  return: "returned",
  returned: "returned",
  "paid-return": "returned",
  exchange: "returned",
  exchanged: "returned",
  "return-id-created": "returned",
  "return-in-transit": "returned",
  "returned-to-merchant": "returned",
};

/** `Pickup_Requested`, `order.pickup-requested` → `pickup-requested`: one spelling for both. */
const slugOf = (status: string) =>
  status
    .replace(/^order\./, "")
    .toLowerCase()
    .replace(/[\s_]+/g, "-");

const stateOf = (status: string): ParcelState | null => STATES[slugOf(status)] ?? null;

/** How long Pathao's lists of cities, zones and areas are kept: they change when it opens a new zone. */
const PLACES_KEPT_MS = 12 * 3600_000;

/** Pathao weighs parcels from half a kilogram to ten. */
const pathaoWeight = (grams: number) => Math.min(10, Math.max(0.5, Math.round(grams / 100) / 10));

/** A list of places from Pathao's `data.data` (`city_id`/`city_name`, …), keeping only well-formed entries. */
function placesIn(data: Record<string, unknown>, kind: "city" | "zone" | "area"): PathaoPlace[] {
  const list = data["data"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: Record<string, unknown> | null) => {
    const id = entry?.[`${kind}_id`];
    const name = entry?.[`${kind}_name`];
    // An area Pathao does not deliver to at home is no place to send a parcel.
    if (kind === "area" && entry?.["home_delivery_available"] === false) return [];
    return typeof id === "number" && Number.isInteger(id) && typeof name === "string" ? [{ id, name }] : [];
  });
}

/**
 * Pathao: an OAuth password-grant token (kept until it runs out, asked again on a 401), JSON both ways. Its
 * webhook's secret is one value every merchant shares, so its news is never taken on its word: the store asks
 * Pathao about the parcel (`trustsWebhooks: false`).
 */
export function createPathaoCourier(settings: PathaoSettings): Courier {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  let token: { value: string; until: number } | null = null;

  async function send(method: "GET" | "POST", path: string, body: unknown, bearer?: string) {
    try {
      return await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new CourierFailure("silent", err instanceof Error ? err.message : String(err));
    }
  }

  async function bearer(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await send("POST", "/aladdin/api/v1/issue-token", {
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      grant_type: "password",
      username: settings.username,
      password: settings.password,
    });
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status >= 500 || json === null) throw new CourierFailure("silent", `HTTP ${res.status}`);
    const value = json["access_token"];
    if (!res.ok || typeof value !== "string") throw new CourierFailure("refused", refusalReason(json, res.status));
    const seconds = typeof json["expires_in"] === "number" ? json["expires_in"] : 3600;
    // A minute's margin: a token that runs out mid-call is asked for again.
    token = { value, until: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return value;
  }

  const lists = new Map<string, { until: number; places: Promise<PathaoPlace[]> }>();

  /** One of Pathao's lists of places, asked once and kept for `PLACES_KEPT_MS`; a failed ask is not kept. */
  function placesAt(path: string, kind: "city" | "zone" | "area"): Promise<PathaoPlace[]> {
    const kept = lists.get(path);
    if (kept && kept.until > Date.now()) return kept.places;
    const places = call("GET", path).then((data) => placesIn(data, kind));
    lists.set(path, { until: Date.now() + PLACES_KEPT_MS, places });
    places.catch(() => lists.delete(path));
    return places;
  }

  /**
   * The city by the order's district, then the zone and area its address names. Null when Pathao has no such city,
   * the address names none of its zones, or its lists cannot be had: Pathao then finds the place from the address
   * itself, as it documents.
   */
  async function destinationOf(parcel: ParcelRequest): Promise<PathaoDestination | null> {
    try {
      const city = cityOfDistrict(await placesAt("/aladdin/api/v1/city-list", "city"), parcel.district);
      if (!city) return null;
      const zone = placeNamedIn(await placesAt(`/aladdin/api/v1/cities/${city.id}/zone-list`, "zone"), parcel.street);
      if (!zone) return null;
      const area = placeNamedIn(await placesAt(`/aladdin/api/v1/zones/${zone.id}/area-list`, "area"), parcel.street);
      return { city, zone, area };
    } catch (err) {
      if (err instanceof CourierFailure) return null;
      throw err;
    }
  }

  /**
   * Pathao's price plan for a parcel to a zone: its charge in poisha and whether it collects cash there; null when
   * it does not answer, for the booking to go on without it.
   */
  async function pricePlan(city: PathaoPlace, zone: PathaoPlace, weight: number) {
    try {
      const data = await call("POST", "/aladdin/api/v1/merchant/price-plan", {
        store_id: settings.storeId,
        item_type: 2,
        delivery_type: 48,
        item_weight: weight,
        recipient_city: city.id,
        recipient_zone: zone.id,
      });
      const price = data["final_price"];
      return {
        feePoisha: typeof price === "number" && price >= 0 ? tkToPoisha(price) : null,
        collectsCash: data["cod_enabled"] !== 0 && data["cod_enabled"] !== false,
      };
    } catch (err) {
      if (err instanceof CourierFailure && err.kind === "silent") return null;
      throw err;
    }
  }

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
    let res = await send(method, path, body, await bearer());
    if (res.status === 401) {
      token = null;
      res = await send(method, path, body, await bearer());
    }
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status >= 500 || json === null) throw new CourierFailure("silent", `HTTP ${res.status}`);
    if (!res.ok) throw new CourierFailure("refused", refusalReason(json, res.status));
    const data = json["data"];
    if (typeof data !== "object" || data === null) throw new CourierFailure("silent", "no data in the answer");
    return data as Record<string, unknown>;
  }

  return {
    name: "pathao",
    trustsWebhooks: false,

    async book(parcel: ParcelRequest): Promise<Booking> {
      const weight = pathaoWeight(parcel.weightGrams);
      const place = await destinationOf(parcel);
      const plan = place ? await pricePlan(place.city, place.zone, weight) : null;
      if (place && plan && !plan.collectsCash && parcel.codPoisha > 0) {
        throw new CourierFailure("refused", `Pathao does not collect cash on delivery in ${place.zone.name}.`);
      }
      const data = await call("POST", "/aladdin/api/v1/orders", {
        store_id: settings.storeId,
        merchant_order_id: parcel.invoice,
        recipient_name: parcel.recipientName.slice(0, 100),
        recipient_phone: parcel.phone,
        recipient_address: parcel.address.slice(0, 220),
        ...(place && {
          recipient_city: place.city.id,
          recipient_zone: place.zone.id,
          ...(place.area && { recipient_area: place.area.id }),
        }),
        delivery_type: 48,
        item_type: 2,
        special_instruction: parcel.note ?? "",
        item_quantity: parcel.itemCount,
        item_weight: weight,
        item_description: parcel.description.slice(0, 250),
        // Whole taka: the rider counts notes, and a poisha more is collected rather than a poisha less.
        amount_to_collect: Math.ceil(parcel.codPoisha / 100),
      });
      const id = data["consignment_id"];
      if (typeof id !== "string" || id === "") throw new CourierFailure("silent", "no consignment in the answer");
      const status = typeof data["order_status"] === "string" ? data["order_status"] : "Pending";
      const fee =
        typeof data["delivery_fee"] === "number" ? tkToPoisha(data["delivery_fee"]) : (plan?.feePoisha ?? null);
      return {
        consignmentRef: id,
        // Pathao's consignment id is what its buyers track a parcel by.
        trackingCode: id,
        state: stateOf(status) ?? "booked",
        courierStatus: status,
        feePoisha: fee,
      };
    },

    async check(consignmentRef: string): Promise<ParcelNews> {
      const data = await call("GET", `/aladdin/api/v1/orders/${encodeURIComponent(consignmentRef)}/info`);
      const status = data["order_status_slug"] ?? data["order_status"];
      if (typeof status !== "string") throw new CourierFailure("silent", "no order_status in the answer");
      return {
        consignmentRef,
        invoice: typeof data["merchant_order_id"] === "string" ? data["merchant_order_id"] : null,
        state: stateOf(status),
        courierStatus: status,
        message: null,
        collectedPoisha: null,
        feePoisha: null,
        at: courierTime(data["updated_at"]),
      };
    },

    readWebhook(body: string, headers: Headers): ParcelNews | null {
      const offered = headers.get("x-pathao-signature") ?? "";
      if (!sameSecret(offered, settings.webhookSecret)) {
        throw unauthorized(M.courier.webhook_unauthorized);
      }
      const payload = jsonObject(body);
      if (!payload) return null;
      const event = payload["event"];
      const id = payload["consignment_id"];
      if (typeof event !== "string" || !event.startsWith("order.") || typeof id !== "string" || id === "") return null;
      const collected = payload["collected_amount"];
      return {
        consignmentRef: id,
        invoice: typeof payload["merchant_order_id"] === "string" ? payload["merchant_order_id"] : null,
        state: stateOf(event),
        courierStatus: event,
        message: typeof payload["reason"] === "string" ? payload["reason"] : null,
        collectedPoisha: typeof collected === "number" && collected >= 0 ? tkToPoisha(collected) : null,
        feePoisha: typeof payload["delivery_fee"] === "number" ? tkToPoisha(payload["delivery_fee"]) : null,
        at: courierTime(payload["timestamp"]) ?? courierTime(payload["updated_at"]),
      };
    },

    webhookAnswerHeaders: () => ({ "X-Pathao-Merchant-Webhook-Integration-Secret": settings.webhookSecret }),
  };
}
