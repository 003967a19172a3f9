// A small HTTP stand-in for Steadfast's merchant API (v1, https://portal.packzy.com/api/v1), as its documentation
// gives it: `Api-Key` and `Secret-Key` headers; `POST /create_order` (invoice once each, an 11-digit phone, an
// address of at most 250 characters, a COD amount from 0) answering the consignment with its tracking code;
// `GET /status_by_cid/{id}`, `/status_by_invoice/{invoice}` and `/status_by_trackingcode/{code}` answering its
// `delivery_status`; and the delivery-status webhook it sends a merchant, with `Authorization: Bearer <token>`.
// Consignments are kept in memory. Tests make it refuse (`refuseNext`), fall silent (`silence`), book and lose its
// answer (`loseNextAnswer`), take a parcel booked by hand in its portal (`bookInPortal`) or move a parcel.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { readBody, sendJson } from "./stand-in-http";
import type { AddressInfo } from "node:net";

export interface StandInConsignment {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  note: string;
  item_description: string;
  total_lot: number;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface SteadfastStandIn {
  url: string;
  apiKey: string;
  secretKey: string;
  /** Every consignment made, by its id; and every request as it came (a status lookup with no body). */
  consignments: Map<number, StandInConsignment>;
  requests: { path: string; body: unknown }[];
  /** The next create_order is refused with this field error (Steadfast's 400 with `errors`). */
  refuseNext(field: string, message: string): void;
  /** Calls get no answer until `silence(false)` (the connection is held, then dropped after `holdMs`). */
  silence(on: boolean, holdMs?: number): void;
  /**
   * The next create_order books its consignment, then its answer is lost: a 500 (`"error"`), or the connection held
   * for `holdMs` and dropped (`"hang"`). Answers nothing; the consignment is in `consignments`.
   */
  loseNextAnswer(how: "error" | "hang", holdMs?: number): void;
  /** A parcel the shop booked by hand in Steadfast's portal, under `invoice` (its own reference, or none). */
  bookInPortal(invoice?: string): StandInConsignment;
  /** Moves a parcel, as the rider and Steadfast's review do. */
  setStatus(consignmentId: number, status: string): void;
  /** The delivery-status webhook's body Steadfast sends for a parcel as it is now, with `extra` fields over it. */
  webhookBody(consignmentId: number, extra?: Record<string, unknown>): string;
  /** Sends the delivery-status webhook for a parcel to the store, as Steadfast does; answers the store's reply. */
  notify(
    url: string,
    token: string,
    consignmentId: number,
    extra?: Record<string, unknown>,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/**
 * Its keys and port, when a process of its own serves the browser tests (steadfast-stand-in-main.ts); `control`
 * also lets a test make the next booking refused, by `POST /__stand-in/refuse-next {field, message}`, book and lose
 * its answer, by `POST /__stand-in/lose-next {how}` (`GET /__stand-in/lost` answers the consignment whose answer was
 * lost last, as the shop reads it in the portal), book a parcel as the portal does, by
 * `POST /__stand-in/book-in-portal {invoice}` (answering the consignment), and move a parcel, by
 * `POST /__stand-in/move {trackingCode, status, …fields}`, which answers the webhook body Steadfast sends.
 */
export interface SteadfastStandInOptions {
  apiKey?: string;
  secretKey?: string;
  port?: number;
  control?: boolean;
}

export async function startSteadfastStandIn(options: SteadfastStandInOptions = {}): Promise<SteadfastStandIn> {
  const apiKey = options.apiKey ?? `sf-key-${randomBytes(6).toString("hex")}`;
  const secretKey = options.secretKey ?? `sf-secret-${randomBytes(12).toString("hex")}`;
  const consignments = new Map<number, StandInConsignment>();
  const requests: { path: string; body: unknown }[] = [];
  let nextId = 1_424_107;
  let refusal: { field: string; message: string } | null = null;
  let silent: { holdMs: number } | null = null;
  let lost: { how: "error" | "hang"; holdMs: number } | null = null;
  let lastLost: StandInConsignment | null = null;

  /** A consignment made, by the API or by hand in the portal, waiting for Steadfast's review. */
  function consignmentOf(fields: Partial<StandInConsignment> & { invoice: string }): StandInConsignment {
    const now = new Date().toISOString();
    const made: StandInConsignment = {
      consignment_id: nextId++,
      tracking_code: randomBytes(4).toString("hex").toUpperCase(),
      recipient_name: "",
      recipient_phone: "",
      recipient_address: "",
      cod_amount: 0,
      note: "",
      item_description: "",
      total_lot: 1,
      status: "in_review",
      created_at: now,
      updated_at: now,
      ...fields,
    };
    consignments.set(made.consignment_id, made);
    return made;
  }

  function bookInPortal(invoice = `HAND-${randomBytes(3).toString("hex").toUpperCase()}`): StandInConsignment {
    return consignmentOf({ invoice, recipient_name: "Booked by hand", recipient_phone: "01700000000" });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (options.control && req.method === "POST" && req.url === "/__stand-in/refuse-next") {
        refusal = JSON.parse(raw) as { field: string; message: string };
        return sendJson(res, 200, { status: 200 });
      }
      if (options.control && req.method === "POST" && req.url === "/__stand-in/move") {
        const { trackingCode, status, ...extra } = JSON.parse(raw) as { trackingCode: string; status: string };
        const found = [...consignments.values()].find((c) => c.tracking_code === trackingCode);
        if (!found) return sendJson(res, 404, { status: 404, message: "no such parcel" });
        found.status = status;
        found.updated_at = new Date().toISOString();
        return sendJson(res, 200, JSON.parse(webhookBody(found.consignment_id, extra)));
      }
      if (options.control && req.method === "POST" && req.url === "/__stand-in/lose-next") {
        const { how } = JSON.parse(raw) as { how: "error" | "hang" };
        lost = { how, holdMs: 200 };
        return sendJson(res, 200, { status: 200 });
      }
      if (options.control && req.method === "GET" && req.url === "/__stand-in/lost") {
        return lastLost ? sendJson(res, 200, lastLost) : sendJson(res, 404, { status: 404, message: "none lost" });
      }
      if (options.control && req.method === "POST" && req.url === "/__stand-in/book-in-portal") {
        const { invoice } = JSON.parse(raw || "{}") as { invoice?: string };
        return sendJson(res, 200, bookInPortal(invoice));
      }
      if (options.control && req.url === "/health") return sendJson(res, 200, { status: 200 });
      if (silent) {
        setTimeout(() => res.destroy(), silent.holdMs);
        return;
      }
      if (req.headers["api-key"] !== apiKey || req.headers["secret-key"] !== secretKey) {
        return sendJson(res, 401, { status: 401, message: "Unauthorized" });
      }
      const path = (req.url ?? "").replace(/^\/api\/v1/, "");
      if (req.method === "POST" && path === "/create_order") {
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return sendJson(res, 400, { status: 400, message: "Invalid JSON" });
        }
        requests.push({ path, body });
        const errors = invalidFields(body, consignments);
        if (refusal) {
          errors[refusal.field] = [refusal.message];
          refusal = null;
        }
        if (Object.keys(errors).length > 0) return sendJson(res, 400, { status: 400, errors });
        const consignment = consignmentOf({
          invoice: String(body["invoice"]),
          recipient_name: String(body["recipient_name"]),
          recipient_phone: String(body["recipient_phone"]),
          recipient_address: String(body["recipient_address"]),
          cod_amount: Number(body["cod_amount"]),
          note: String(body["note"] ?? ""),
          item_description: String(body["item_description"] ?? ""),
          total_lot: Number(body["total_lot"] ?? 1),
        });
        if (lost) {
          const { how, holdMs } = lost;
          lost = null;
          lastLost = consignment;
          if (how === "hang") return void setTimeout(() => res.destroy(), holdMs);
          return sendJson(res, 500, { status: 500, message: "Server Error" });
        }
        return sendJson(res, 200, {
          status: 200,
          message: "Consignment has been created successfully.",
          consignment,
        });
      }
      const lookup = /^\/status_by_(cid|invoice|trackingcode)\/([^/?]+)$/.exec(path);
      if (req.method === "GET" && lookup) {
        const [, by, value] = lookup;
        const key = decodeURIComponent(value!);
        requests.push({ path, body: null });
        const found = [...consignments.values()].find((c) =>
          by === "cid"
            ? String(c.consignment_id) === key
            : by === "invoice"
              ? c.invoice === key
              : c.tracking_code === key,
        );
        if (!found) return sendJson(res, 404, { status: 404, message: "Consignment not found." });
        return sendJson(res, 200, { status: 200, delivery_status: found.status });
      }
      sendJson(res, 404, { status: 404, message: "Not found" });
    })();
  });
  // Idle connections are left for the store's client to close: a server closing one as the next call arrives on it
  // resets that call (ECONNRESET), and the store would take the courier for silent when a busy test stalls the loop.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function webhookBody(consignmentId: number, extra: Record<string, unknown> = {}): string {
    const c = consignments.get(consignmentId);
    if (!c) throw new Error(`no consignment ${consignmentId}`);
    return JSON.stringify({
      notification_type: "delivery_status",
      consignment_id: c.consignment_id,
      invoice: c.invoice,
      cod_amount: c.cod_amount,
      status: c.status,
      delivery_charge: 60,
      tracking_message: `Your parcel is ${c.status.replace(/_/g, " ")}.`,
      updated_at: c.updated_at,
      ...extra,
    });
  }

  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    apiKey,
    secretKey,
    consignments,
    requests,
    refuseNext(field, message) {
      refusal = { field, message };
    },
    silence(on, holdMs = 200) {
      silent = on ? { holdMs } : null;
    },
    loseNextAnswer(how, holdMs = 200) {
      lost = { how, holdMs };
    },
    bookInPortal,
    setStatus(consignmentId, status) {
      const found = consignments.get(consignmentId);
      if (!found) throw new Error(`no consignment ${consignmentId}`);
      found.status = status;
      found.updated_at = new Date().toISOString();
    },
    webhookBody,
    async notify(url, token, consignmentId, extra = {}) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: webhookBody(consignmentId, extra),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** create_order's checks, in Steadfast's shape: field → its messages. */
function invalidFields(
  body: Record<string, unknown>,
  consignments: Map<number, StandInConsignment>,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const text = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
  if (!/^[A-Za-z0-9_-]+$/.test(text("invoice"))) errors["invoice"] = ["The invoice field is required."];
  else if ([...consignments.values()].some((c) => c.invoice === text("invoice"))) {
    errors["invoice"] = ["The invoice has already been taken."];
  }
  if (text("recipient_name") === "" || text("recipient_name").length > 100) {
    errors["recipient_name"] = ["The recipient name must not be greater than 100 characters."];
  }
  if (!/^01\d{9}$/.test(text("recipient_phone")))
    errors["recipient_phone"] = ["The recipient phone must be 11 digits."];
  if (text("recipient_address") === "" || text("recipient_address").length > 250) {
    errors["recipient_address"] = ["The recipient address must not be greater than 250 characters."];
  }
  const cod = body["cod_amount"];
  if (typeof cod !== "number" || !(cod >= 0)) errors["cod_amount"] = ["The cod amount must be at least 0."];
  return errors;
}
