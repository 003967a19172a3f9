// A small HTTP stand-in for Pathao's merchant API (Aladdin), as its documentation gives it: a password-grant token
// (`POST /aladdin/api/v1/issue-token`) every other call carries as a bearer; `POST /aladdin/api/v1/orders` (the
// store's id, a recipient of 3–100 characters, an 11-digit phone, an address of 10–220 characters, delivery type 48
// or 12, item type 1 or 2, a weight of 0.5–10 kg, a whole-taka amount to collect) answering the consignment id and
// the delivery fee; `GET /aladdin/api/v1/orders/{id}/info`; its lists of places (`city-list`,
// `cities/{id}/zone-list`, `zones/{id}/area-list`) and its price plan (`merchant/price-plan`); and the webhook it
// sends with `X-PATHAO-Signature`. Everything is kept in memory. Tests refuse (`refuseNext`), silence it, book and
// lose the answer (`loseNextAnswer`), book a parcel by hand in its portal (`bookInPortal`), revoke its tokens or move a parcel.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { readBody, sendJson } from "./stand-in-http";
import type { AddressInfo } from "node:net";

export interface PathaoStandInOrder {
  consignment_id: string;
  merchant_order_id: string;
  store_id: number;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  item_quantity: number;
  item_weight: number;
  amount_to_collect: number;
  order_status: string;
  order_status_slug: string;
  updated_at: string;
}

export interface PathaoStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: number;
  webhookSecret: string;
  orders: Map<string, PathaoStandInOrder>;
  /** The booking's answer leaves out its delivery fee while this is set. */
  feeInAnswer: boolean;
  /** Every call as it came, the token's aside: its path and body. */
  requests: { method: string; path: string; body: unknown }[];
  tokensIssued(): number;
  /** Every token given so far stops working, as when one runs out. */
  revokeTokens(): void;
  refuseNext(field: string, message: string): void;
  silence(on: boolean, holdMs?: number): void;
  /**
   * The next order booked is made, then its answer is lost: a 500 (`"error"`), or the connection held for `holdMs`
   * and dropped (`"hang"`). The order is in `orders`.
   */
  loseNextAnswer(how: "error" | "hang", holdMs?: number): void;
  /** A parcel the shop booked by hand in Pathao's portal, under `merchantOrderId` (its own reference, or none). */
  bookInPortal(merchantOrderId?: string): PathaoStandInOrder;
  /** Moves a parcel: its status as Pathao shows it (`Delivered`) and its slug. */
  setStatus(consignmentId: string, status: string, at?: string): void;
  /** The webhook body Pathao sends for an event of a parcel (`order.delivered`), with `extra` fields over it. */
  webhookBody(consignmentId: string, event: string, extra?: Record<string, unknown>): string;
  close(): Promise<void>;
}

/** A zone of the stand-in's cities: its areas, and whether Pathao collects cash there. */
interface StandInZone {
  zone_id: number;
  zone_name: string;
  cod: boolean;
  areas: { area_id: number; area_name: string; home_delivery_available: boolean; pickup_available: boolean }[];
}

const area = (area_id: number, area_name: string, home_delivery_available = true) => ({
  area_id,
  area_name,
  home_delivery_available,
  pickup_available: true,
});

/**
 * A few of Pathao's cities as its list spells them (Chittagong, not Chattogram), with zones and areas, and what a
 * parcel costs to each: a parcel within Dhaka 60 Tk, to its suburbs 80, elsewhere 110, and 15 a kilogram above one.
 */
export const PATHAO_CITIES = [
  {
    city_id: 1,
    city_name: "Dhaka",
    price: 60,
    zones: [
      { zone_id: 52, zone_name: "Mirpur", cod: true, areas: [area(201, "Pallabi")] },
      { zone_id: 53, zone_name: "Mirpur 10", cod: true, areas: [area(202, "Senpara Parbata")] },
      { zone_id: 54, zone_name: "Dhanmondi", cod: true, areas: [area(203, "Jigatola"), area(204, "Shankar")] },
    ],
  },
  {
    city_id: 2,
    city_name: "Chittagong",
    price: 110,
    zones: [
      { zone_id: 71, zone_name: "Agrabad", cod: true, areas: [area(301, "Chowmuhani")] },
      // An island Pathao reaches but where its riders carry no cash.
      { zone_id: 72, zone_name: "Sandwip", cod: false, areas: [area(302, "Haramia")] },
    ],
  },
  {
    city_id: 11,
    city_name: "Gazipur",
    price: 80,
    zones: [
      {
        zone_id: 91,
        zone_name: "Tongi",
        cod: true,
        areas: [area(401, "Cherag Ali"), area(402, "Station Road"), area(403, "Ershad Nagar", false)],
      },
      { zone_id: 92, zone_name: "Board Bazar", cod: true, areas: [area(404, "Kalameshwar")] },
    ],
  },
] as const satisfies readonly { city_id: number; city_name: string; price: number; zones: StandInZone[] }[];

/** The fee Pathao charges a parcel of `weight` kg to a city, in taka. */
export function pathaoPrice(cityId: number, weight: number): number {
  const city = PATHAO_CITIES.find((c) => c.city_id === cityId);
  return (city?.price ?? 110) + 15 * Math.max(0, Math.ceil(weight - 1));
}

const zoneOf = (cityId: unknown, zoneId: unknown): StandInZone | undefined =>
  PATHAO_CITIES.find((c) => c.city_id === cityId)?.zones.find((z) => z.zone_id === zoneId);

const list = (message: string, data: unknown[]) => ({ message, type: "success", code: 200, data: { data } });

/** Pathao's clock: `YYYY-MM-DD HH:MM:SS` in Bangladesh. */
export function pathaoTime(at = new Date()): string {
  return new Date(at.getTime() + 6 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

export async function startPathaoStandIn(): Promise<PathaoStandIn> {
  const creds = {
    clientId: `pt-${randomBytes(4).toString("hex")}`,
    clientSecret: randomBytes(16).toString("hex"),
    username: "shop@randa.example",
    password: randomBytes(8).toString("hex"),
    storeId: 130820,
    webhookSecret: `pathao-secret-${randomBytes(6).toString("hex")}`,
  };
  const orders = new Map<string, PathaoStandInOrder>();
  const requests: PathaoStandIn["requests"] = [];
  let tokens = new Set<string>();
  let issued = 0;
  let refusal: { field: string; message: string } | null = null;
  let silent: { holdMs: number } | null = null;
  let lost: { how: "error" | "hang"; holdMs: number } | null = null;

  /** An order made, by the API or by hand in the portal, waiting for pickup. */
  function orderOf(fields: Partial<PathaoStandInOrder>): PathaoStandInOrder {
    const order: PathaoStandInOrder = {
      consignment_id: `DL${randomBytes(5).toString("hex").toUpperCase()}`,
      merchant_order_id: "",
      store_id: creds.storeId,
      recipient_name: "",
      recipient_phone: "",
      recipient_address: "",
      item_quantity: 1,
      item_weight: 0.5,
      amount_to_collect: 0,
      order_status: "Pending",
      order_status_slug: "Pending",
      updated_at: pathaoTime(),
      ...fields,
    };
    orders.set(order.consignment_id, order);
    return order;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (silent) {
        setTimeout(() => res.destroy(), silent.holdMs);
        return;
      }
      const path = req.url ?? "";
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return sendJson(res, 400, { message: "Invalid JSON", type: "error", code: 400 });
      }
      if (req.method === "POST" && path === "/aladdin/api/v1/issue-token") {
        const right =
          body["client_id"] === creds.clientId &&
          body["client_secret"] === creds.clientSecret &&
          body["grant_type"] === "password" &&
          body["username"] === creds.username &&
          body["password"] === creds.password;
        if (!right) return sendJson(res, 401, { message: "Client authentication failed", type: "error", code: 401 });
        const token = randomBytes(16).toString("hex");
        tokens.add(token);
        issued += 1;
        return sendJson(res, 200, {
          token_type: "Bearer",
          expires_in: 432000,
          access_token: token,
          refresh_token: randomBytes(16).toString("hex"),
        });
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!bearer || !tokens.has(bearer))
        return sendJson(res, 401, { message: "Unauthorized", type: "error", code: 401 });
      requests.push({ method: req.method ?? "", path, body: raw ? body : null });
      if (req.method === "GET" && path === "/aladdin/api/v1/city-list") {
        return sendJson(
          res,
          200,
          list(
            "City successfully fetched.",
            PATHAO_CITIES.map(({ city_id, city_name }) => ({ city_id, city_name })),
          ),
        );
      }
      const zoneList = /^\/aladdin\/api\/v1\/cities\/(\d+)\/zone-list$/.exec(path);
      if (req.method === "GET" && zoneList) {
        const city = PATHAO_CITIES.find((c) => c.city_id === Number(zoneList[1]));
        const zones = (city?.zones ?? []).map(({ zone_id, zone_name }) => ({ zone_id, zone_name }));
        return sendJson(res, 200, list("Zone list fetched.", zones));
      }
      const areaList = /^\/aladdin\/api\/v1\/zones\/(\d+)\/area-list$/.exec(path);
      if (req.method === "GET" && areaList) {
        const zone = PATHAO_CITIES.flatMap((c) => c.zones as readonly StandInZone[]).find(
          (z) => z.zone_id === Number(areaList[1]),
        );
        return sendJson(res, 200, list("Area list fetched.", zone?.areas ?? []));
      }
      if (req.method === "POST" && path === "/aladdin/api/v1/merchant/price-plan") {
        const zone = zoneOf(body["recipient_city"], body["recipient_zone"]);
        const weight = body["item_weight"];
        if (body["store_id"] !== creds.storeId || !zone || typeof weight !== "number" || weight < 0.5 || weight > 10) {
          return sendJson(res, 422, { message: "Please fix the given errors", type: "error", code: 422, errors: {} });
        }
        const price = pathaoPrice(body["recipient_city"] as number, weight);
        return sendJson(res, 200, {
          message: "price",
          type: "success",
          code: 200,
          data: {
            price,
            discount: 0,
            promo_discount: 0,
            plan_id: 69,
            cod_enabled: zone.cod ? 1 : 0,
            cod_percentage: 0.01,
            additional_charge: 0,
            final_price: price,
          },
        });
      }
      if (req.method === "POST" && path === "/aladdin/api/v1/orders") {
        const errors = invalidFields(body, creds.storeId);
        if (refusal) {
          errors[refusal.field] = [refusal.message];
          refusal = null;
        }
        if (Object.keys(errors).length > 0) {
          return sendJson(res, 422, { message: "Please fix the given errors", type: "error", code: 422, errors });
        }
        const order = orderOf({
          merchant_order_id: String(body["merchant_order_id"] ?? ""),
          store_id: Number(body["store_id"]),
          recipient_name: String(body["recipient_name"]),
          recipient_phone: String(body["recipient_phone"]),
          recipient_address: String(body["recipient_address"]),
          item_quantity: Number(body["item_quantity"]),
          item_weight: Number(body["item_weight"]),
          amount_to_collect: Number(body["amount_to_collect"]),
        });
        if (lost) {
          const { how, holdMs } = lost;
          lost = null;
          if (how === "hang") return void setTimeout(() => res.destroy(), holdMs);
          return sendJson(res, 500, { message: "Server Error", type: "error", code: 500 });
        }
        return sendJson(res, 200, {
          message: "Order Created Successfully",
          type: "success",
          code: 200,
          data: {
            consignment_id: order.consignment_id,
            merchant_order_id: order.merchant_order_id,
            order_status: order.order_status,
            ...(stand.feeInAnswer && {
              delivery_fee: pathaoPrice(Number(body["recipient_city"] ?? 11), order.item_weight),
            }),
          },
        });
      }
      const info = /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/.exec(path);
      if (req.method === "GET" && info) {
        const order = orders.get(decodeURIComponent(info[1]!));
        if (!order) return sendJson(res, 404, { message: "Order not found", type: "error", code: 404 });
        const { consignment_id, merchant_order_id, order_status, order_status_slug, updated_at } = order;
        return sendJson(res, 200, {
          message: "Order info",
          type: "success",
          code: 200,
          data: { consignment_id, merchant_order_id, order_status, order_status_slug, updated_at, invoice_id: null },
        });
      }
      sendJson(res, 404, { message: "no Route matched with those values" });
    })();
  });
  // Idle connections are left for the store's client to close: a server closing one as the next call arrives on it
  // resets that call (ECONNRESET), and the store would take the courier for silent when a busy test stalls the loop.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const stand: PathaoStandIn = {
    url: `http://127.0.0.1:${port}`,
    feeInAnswer: true,
    ...creds,
    orders,
    requests,
    tokensIssued: () => issued,
    revokeTokens() {
      tokens = new Set();
    },
    refuseNext(field, message) {
      refusal = { field, message };
    },
    silence(on, holdMs = 200) {
      silent = on ? { holdMs } : null;
    },
    loseNextAnswer(how, holdMs = 200) {
      lost = { how, holdMs };
    },
    bookInPortal: (merchantOrderId = "") =>
      orderOf({ merchant_order_id: merchantOrderId, recipient_name: "Booked by hand", recipient_phone: "01700000000" }),
    setStatus(consignmentId, status, at = pathaoTime()) {
      const order = orders.get(consignmentId);
      if (!order) throw new Error(`no order ${consignmentId}`);
      order.order_status = status;
      order.order_status_slug = status.replace(/ /g, "_");
      order.updated_at = at;
    },
    webhookBody(consignmentId, event, extra = {}) {
      const order = orders.get(consignmentId);
      return JSON.stringify({
        event,
        consignment_id: consignmentId,
        merchant_order_id: order?.merchant_order_id ?? "INV-000000",
        store_id: creds.storeId,
        updated_at: order?.updated_at ?? pathaoTime(),
        timestamp: new Date().toISOString(),
        ...extra,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stand;
}

function invalidFields(body: Record<string, unknown>, storeId: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
  if (body["store_id"] !== storeId) errors["store_id"] = ["The selected store id is invalid."];
  if (text("recipient_name").length < 3 || text("recipient_name").length > 100) {
    errors["recipient_name"] = ["The recipient name must be between 3 and 100 characters."];
  }
  if (!/^01\d{9}$/.test(text("recipient_phone")))
    errors["recipient_phone"] = ["The recipient phone must be 11 digits."];
  if (text("recipient_address").length < 10 || text("recipient_address").length > 220) {
    errors["recipient_address"] = ["The recipient address must be between 10 and 220 characters."];
  }
  if (body["delivery_type"] !== 48 && body["delivery_type"] !== 12)
    errors["delivery_type"] = ["Invalid delivery type."];
  if (body["item_type"] !== 1 && body["item_type"] !== 2) errors["item_type"] = ["Invalid item type."];
  const quantity = body["item_quantity"];
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) {
    errors["item_quantity"] = ["The item quantity must be at least 1."];
  }
  const weight = body["item_weight"];
  if (typeof weight !== "number" || weight < 0.5 || weight > 10) {
    errors["item_weight"] = ["The item weight must be between 0.5 and 10."];
  }
  const named = ["recipient_city", "recipient_zone", "recipient_area"].filter((name) => body[name] !== undefined);
  const zone = zoneOf(body["recipient_city"], body["recipient_zone"]);
  if (named.length > 0 && !zone) errors["recipient_zone"] = ["The selected recipient zone is invalid."];
  if (body["recipient_area"] !== undefined && !zone?.areas.some((a) => a.area_id === body["recipient_area"])) {
    errors["recipient_area"] = ["The selected recipient area is invalid."];
  }
  const amount = body["amount_to_collect"];
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 0) {
    errors["amount_to_collect"] = ["The amount to collect must be an integer."];
  }
  return errors;
}
