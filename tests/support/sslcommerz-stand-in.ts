// A small HTTP stand-in for the SSLCommerz sandbox: the session API, a hosted payment page with Pay, Fail and
// Cancel, the IPN the gateway sends to the store, the browser's return post, the validation API and the refund
// API. Sessions, transactions and refunds are kept in memory. Tests can change what the validation API answers
// (`tamper`).
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { readBody } from "./stand-in-http";
import type { AddressInfo } from "node:net";

interface Session {
  key: string;
  form: URLSearchParams;
  valId?: string;
  /** The bank's id for the paid transaction, which the refund API takes. */
  bankTranId?: string;
  /** How often the validation API was asked: the first answer is VALID, later ones VALIDATED. */
  validations: number;
  overrides: Record<string, string>;
}

export interface StandInRefund {
  refundRefId: string;
  /** The store's id for the refund: one refund per id. */
  refundTransId: string;
  bankTranId: string;
  /** The transaction's own id (the store's tran_id). */
  tranId: string;
  /** In taka, as the API takes it ("250.00"). */
  amount: string;
  remarks: string;
  refeId: string;
}

export interface SslcommerzStandIn {
  url: string;
  /** What each session was opened with, newest last. */
  sessions: Session[];
  /** Every refund the refund API made, by its refund_ref_id. */
  refunds: Map<string, StandInRefund>;
  /** Pays a session as the gateway's Pay button does, but sends no IPN: returns the fields it would send. */
  approve(sessionKey: string): URLSearchParams;
  /** A refund made in the merchant panel, not by the store: the refund API's answer. */
  refundInPanel(bankTranId: string, amount: string): Record<string, string>;
  /** Changes the validation API's answer for a transaction (amount, currency_type, status, risk_level…). */
  tamper(valId: string, fields: Record<string, string>): void;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><head><title>SSLCommerz sandbox (stand-in)</title></head><body>${body}</body></html>`);
}

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** A page that posts `fields` to `action` as soon as it loads, as the gateway's return does. */
function autoPost(res: ServerResponse, action: string, fields: URLSearchParams) {
  const inputs = [...fields].map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join("");
  html(
    res,
    `<p>Returning to the store…</p><form method="post" action="${escape(action)}">${inputs}<button>Return to the store</button></form><script>document.forms[0].submit()</script>`,
  );
}

export async function startSslcommerzStandIn(storeId: string, storePassword: string): Promise<SslcommerzStandIn> {
  const sessions: Session[] = [];
  const byKey = new Map<string, Session>();
  const byValId = new Map<string, Session>();
  const byBankTranId = new Map<string, Session>();
  const refunds = new Map<string, StandInRefund>();
  let base = "";

  /** The transaction's amount in taka: what the validation API says it is. */
  const amountOf = (session: Session) => Number(session.overrides.amount ?? session.form.get("total_amount"));
  const refundedOf = (bankTranId: string) =>
    [...refunds.values()].filter((r) => r.bankTranId === bankTranId).reduce((sum, r) => sum + Number(r.amount), 0);

  /**
   * The refund API (GET merchantTransIDvalidationAPI.php with bank_tran_id and refund_trans_id), as SSLCommerz
   * documents it: `APIConnect` says whether the call itself was taken, `status` whether the refund was: `success`
   * when made, `processing` when that refund_trans_id was already made (the same refund_ref_id), `failed` with an
   * `errorReason`. With only a refund_ref_id, it answers the refund's state.
   */
  function refundApi(q: URLSearchParams): Record<string, string> {
    if (q.get("store_id") !== storeId || q.get("store_passwd") !== storePassword) {
      return { APIConnect: "FAILED", errorReason: "Store Credential Error Or Store is De-active" };
    }
    const refundRefId = q.get("refund_ref_id");
    if (refundRefId && !q.get("bank_tran_id")) {
      const made = refunds.get(refundRefId);
      if (!made) return { APIConnect: "DONE", status: "failed", errorReason: "Invalid refund_ref_id" };
      return {
        APIConnect: "DONE",
        bank_tran_id: made.bankTranId,
        tran_id: made.tranId,
        refund_ref_id: made.refundRefId,
        status: "refunded",
      };
    }
    const bankTranId = q.get("bank_tran_id") ?? "";
    const refundTransId = q.get("refund_trans_id") ?? "";
    const amount = q.get("refund_amount") ?? "";
    const remarks = q.get("refund_remarks") ?? "";
    if (!bankTranId || !refundTransId || !amount || !remarks) {
      return {
        APIConnect: "INVALID_REQUEST",
        errorReason: "Missing bank_tran_id, refund_trans_id, refund_amount or refund_remarks",
      };
    }
    const session = byBankTranId.get(bankTranId);
    if (!session)
      return { APIConnect: "DONE", bank_tran_id: bankTranId, status: "failed", errorReason: "Invalid bank_tran_id" };
    const tranId = session.form.get("tran_id") ?? "";
    const answer = { APIConnect: "DONE", bank_tran_id: bankTranId, trans_id: tranId };
    const earlier = [...refunds.values()].find((r) => r.refundTransId === refundTransId);
    if (earlier) {
      if (earlier.bankTranId !== bankTranId) {
        return { ...answer, status: "failed", errorReason: "refund_trans_id was used for another transaction" };
      }
      return { ...answer, refund_ref_id: earlier.refundRefId, status: "processing", errorReason: "" };
    }
    const taka = Number(amount);
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || taka <= 0) {
      return { ...answer, status: "failed", errorReason: "Invalid refund_amount" };
    }
    if (Math.round((refundedOf(bankTranId) + taka) * 100) > Math.round(amountOf(session) * 100)) {
      return { ...answer, status: "failed", errorReason: "Refund amount exceeds the transaction amount" };
    }
    const made: StandInRefund = {
      refundRefId: `RFD${randomBytes(8).toString("hex").toUpperCase()}`,
      refundTransId,
      bankTranId,
      tranId,
      amount,
      remarks,
      refeId: q.get("refe_id") ?? "",
    };
    refunds.set(made.refundRefId, made);
    return { ...answer, refund_ref_id: made.refundRefId, status: "success", errorReason: "" };
  }

  function resultFields(session: Session, status: string): URLSearchParams {
    const f = session.form;
    const fields = new URLSearchParams({
      status,
      tran_id: f.get("tran_id") ?? "",
      amount: f.get("total_amount") ?? "",
      currency: f.get("currency") ?? "",
      value_a: f.get("value_a") ?? "",
      store_id: storeId,
    });
    if (session.valId) fields.set("val_id", session.valId);
    return fields;
  }

  function approve(key: string) {
    const session = byKey.get(key);
    if (!session) throw new Error(`no session ${key}`);
    session.valId ??= `VAL${randomBytes(8).toString("hex")}`;
    session.bankTranId ??= `${randomBytes(9).toString("hex").toUpperCase()}`;
    byValId.set(session.valId, session);
    byBankTranId.set(session.bankTranId, session);
    return resultFields(session, "VALID");
  }

  /** The Pay button: the gateway tells the store's server first (IPN), then sends the browser back. */
  async function pay(key: string) {
    const fields = approve(key);
    await fetch(byKey.get(key)!.form.get("ipn_url")!, { method: "POST", body: fields });
    return fields;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      if (url.pathname === "/health") return json(res, { status: "ok" });
      if (req.method === "POST" && url.pathname === "/gwprocess/v4/api.php") {
        const form = new URLSearchParams(await readBody(req));
        if (form.get("store_id") !== storeId || form.get("store_passwd") !== storePassword) {
          return json(res, { status: "FAILED", failedreason: "Store Credential Error Or Store is De-active" });
        }
        const key = randomBytes(12).toString("hex").toUpperCase();
        const session = { key, form, validations: 0, overrides: {} };
        sessions.push(session);
        byKey.set(key, session);
        return json(res, { status: "SUCCESS", sessionkey: key, GatewayPageURL: `${base}/gateway/${key}` });
      }

      const page = /^\/gateway\/([0-9A-F]+)(?:\/(pay|fail|cancel))?$/.exec(url.pathname);
      const session = page ? byKey.get(page[1]!) : undefined;
      if (page && !session) {
        res.writeHead(404);
        return res.end("no such session");
      }
      if (session && req.method === "GET" && !page![2]) {
        const f = session.form;
        return html(
          res,
          `<h1>SSLCommerz sandbox</h1><p>Pay ${escape(f.get("currency") ?? "")} ${escape(f.get("total_amount") ?? "")} to the store for ${escape(f.get("product_name") ?? "")}.</p>` +
            ["pay", "fail", "cancel"]
              .map(
                (a) =>
                  `<form method="post" action="/gateway/${session.key}/${a}"><button>${a[0]!.toUpperCase()}${a.slice(1)}</button></form>`,
              )
              .join(""),
        );
      }
      if (session && req.method === "POST" && page![2]) {
        const action = page![2];
        if (action === "pay") return autoPost(res, session.form.get("success_url")!, await pay(session.key));
        const status = action === "fail" ? "FAILED" : "CANCELLED";
        const target = session.form.get(action === "fail" ? "fail_url" : "cancel_url")!;
        return autoPost(res, target, resultFields(session, status));
      }

      if (req.method === "GET" && url.pathname === "/validator/api/validationserverAPI.php") {
        const q = url.searchParams;
        const found = byValId.get(q.get("val_id") ?? "");
        if (q.get("store_id") !== storeId || q.get("store_passwd") !== storePassword || !found) {
          return json(res, { status: "INVALID_TRANSACTION" });
        }
        found.validations++;
        const f = found.form;
        return json(res, {
          status: found.validations === 1 ? "VALID" : "VALIDATED",
          tran_date: new Date().toISOString(),
          tran_id: f.get("tran_id"),
          val_id: found.valId,
          bank_tran_id: found.bankTranId,
          amount: f.get("total_amount"),
          store_amount: f.get("total_amount"),
          currency: "BDT",
          currency_type: f.get("currency"),
          currency_amount: f.get("total_amount"),
          card_type: "BKASH-BKash",
          value_a: f.get("value_a"),
          risk_level: "0",
          risk_title: "Safe",
          ...found.overrides,
        });
      }
      if (req.method === "GET" && url.pathname === "/validator/api/merchantTransIDvalidationAPI.php") {
        return json(res, refundApi(url.searchParams));
      }
      res.writeHead(404);
      res.end("not found");
    })();
  });

  await new Promise<void>((resolve) => server.listen(Number(process.env.SSLCOMMERZ_PORT ?? 0), "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    refunds,
    approve,
    refundInPanel: (bankTranId, amount) =>
      refundApi(
        new URLSearchParams({
          bank_tran_id: bankTranId,
          refund_trans_id: `PANEL-${randomBytes(6).toString("hex")}`,
          refund_amount: amount,
          refund_remarks: "Refunded in the merchant panel",
          store_id: storeId,
          store_passwd: storePassword,
        }),
      ),
    tamper(valId, fields) {
      const found = byValId.get(valId);
      if (!found) throw new Error(`no transaction ${valId}`);
      Object.assign(found.overrides, fields);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
