// A small HTTP stand-in for SSL Wireless's ISMS API v3 (https://smsplus.sslwireless.com), as its integrators show it
// (docs/decisions/0036-sms-through-an-outbox.md): `POST /api/v3/send-sms` with a JSON body of `api_token`, `sid`,
// `msisdn` (8801XXXXXXXXX), `sms` and the sender's own `csms_id`, answering HTTP 200 with the verdict in the body:
// `{status: "SUCCESS", status_code: 200, error_message: "", smsinfo: [{sms_status, status_message, msisdn, sms_type,
// sms_body, csms_id, reference_id}]}`, or `{status: "FAILED", status_code: 40xx, error_message}`. It checks the token
// and the SID, refuses a `csms_id` it has taken before (4023), and keeps what it took in memory. Tests make it refuse
// (`refuseNext`), fall silent (`silence`), answer slowly (`slow`) or take a message and lose its answer (`loseNext`).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { heldSilent, readBody, sendJson } from "./stand-in-http";

export interface StandInSms {
  msisdn: string;
  sms: string;
  csms_id: string;
  reference_id: string;
  sms_type: "EN" | "BN";
}

export interface SslWirelessStandIn {
  /** The base the store is given (SSLWIRELESS_SMS_URL): the API's address before `/api/v3/send-sms`. */
  url: string;
  apiToken: string;
  sid: string;
  /** Every message it took, in order. */
  messages: StandInSms[];
  /** How many send-sms calls came, taken or not. */
  calls(): number;
  /** The next `times` sends are refused with this code and message, as SSL Wireless refuses. */
  refuseNext(code: number, message: string, times?: number): void;
  /** Calls get no answer until `silence(false)` (the connection is held for `holdMs`, then dropped). */
  silence(on: boolean, holdMs?: number): void;
  /** Each answer waits `ms` first. */
  slow(ms: number): void;
  /** The next send is taken, and its answer lost (the connection dropped): the sender does not know it went. */
  loseNext(): void;
  close(): Promise<void>;
}

const failed = (code: number, message: string) => ({ status: "FAILED", status_code: code, error_message: message });

export async function startSslWirelessStandIn(): Promise<SslWirelessStandIn> {
  const apiToken = `ssl-token-${randomBytes(8).toString("hex")}`;
  const sid = "RANDANONAPI";
  const messages: StandInSms[] = [];
  let calls = 0;
  let refusals: { code: number; message: string; times: number } | null = null;
  let silent: { holdMs: number } | null = null;
  let delayMs = 0;
  let lose = false;

  const answer = (body: Record<string, unknown>): { body: unknown; taken?: StandInSms } => {
    if (body["api_token"] !== apiToken) return { body: failed(4001, "Unauthorized") };
    if (body["sid"] !== sid) return { body: failed(4002, "SID Not Permitted") };
    const { msisdn, sms, csms_id } = body;
    if (typeof msisdn !== "string" || typeof sms !== "string" || typeof csms_id !== "string" || sms === "") {
      return { body: failed(4022, "Required Parameter Missing") };
    }
    if (!/^[A-Za-z0-9]{1,20}$/.test(csms_id)) return { body: failed(4020, "Invalid CSMS ID") };
    if (messages.some((m) => m.csms_id === csms_id)) return { body: failed(4023, "Duplicate CSMS ID") };
    if (!/^8801[3-9]\d{8}$/.test(msisdn)) return { body: failed(4025, "Invalid MSISDN") };
    if (refusals) {
      const { code, message } = refusals;
      if (--refusals.times <= 0) refusals = null;
      return { body: failed(code, message) };
    }
    const taken: StandInSms = {
      msisdn,
      sms,
      csms_id,
      reference_id: `${Date.now()}${randomBytes(3).toString("hex")}`,
      sms_type: /^[\x20-\x7e\n\r]*$/.test(sms) ? "EN" : "BN",
    };
    messages.push(taken);
    const info = { sms_status: "SUCCESS", status_message: "Success", ...taken, sms_body: sms };
    return { body: { status: "SUCCESS", status_code: 200, error_message: "", smsinfo: [info] }, taken };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (heldSilent(res, silent)) return;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (req.method !== "POST" || req.url !== "/api/v3/send-sms") {
        return sendJson(res, 404, failed(4005, "End Point Not Found"));
      }
      calls++;
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return sendJson(res, 200, failed(4004, "Invalid Request Format"));
      }
      if (typeof body !== "object" || body === null) return sendJson(res, 200, failed(4004, "Invalid Request Format"));
      const verdict = answer(body as Record<string, unknown>);
      if (verdict.taken && lose) {
        lose = false;
        return res.destroy();
      }
      sendJson(res, 200, verdict.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiToken,
    sid,
    messages,
    calls: () => calls,
    refuseNext(code, message, times = 1) {
      refusals = { code, message, times };
    },
    silence(on, holdMs = 200) {
      silent = on ? { holdMs } : null;
    },
    slow(ms) {
      delayMs = ms;
    },
    loseNext() {
      lose = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
