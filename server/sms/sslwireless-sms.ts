import { SmsFailure, type SmsProvider } from "./sms-provider";

export interface SslWirelessSettings {
  /** The API's base, before `/api/v3/send-sms` (https://smsplus.sslwireless.com). */
  baseUrl: string;
  apiToken: string;
  /** The account's sender id (its masking or non-masking SID). */
  sid: string;
  /** How long a send may take before it counts as unanswered. */
  timeoutMs?: number;
}

/** SSL Wireless's answer to `send-sms`: its verdict, and one `smsinfo` entry per number. */
interface SendSmsAnswer {
  status?: unknown;
  status_code?: unknown;
  error_message?: unknown;
  smsinfo?: unknown;
}

/** One number's verdict in `smsinfo`. */
interface SmsInfo {
  sms_status?: unknown;
  status_message?: unknown;
  reference_id?: unknown;
}

/** The `csms_id` was used before: SSL Wireless took this message on an earlier try, whose answer was lost. */
const DUPLICATE_CSMS_ID = 4023;
/**
 * Codes that refuse the message itself, so that sending it again is refused again: the `csms_id`, a missing
 * parameter, the number (invalid, blocked, twice), the text (too long, invalid), too many codes to one number.
 */
const MESSAGE_REFUSED = new Set([4020, 4022, 4024, 4025, 4026, 4027, 4028, 4032, 4033]);

const text = (value: unknown, max = 200) => (typeof value === "string" ? value.slice(0, max) : "");

/** A status code as SSL Wireless writes it (a number, or digits); NaN for anything else. */
const codeOf = (value: unknown) =>
  typeof value === "number" ? value : typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : NaN;

/**
 * SSL Wireless's ISMS API v3 (`POST {base}/api/v3/send-sms`, JSON): the account's `api_token` and `sid`, the number as
 * `msisdn`, the text as `sms` (Bangla as UTF-8: SSL Wireless sends it as Unicode) and the store's own `csms_id`, the
 * outbox id. The verdict is in the body, not the HTTP status: `status` SUCCESS with `status_code` 200, and each
 * number's `sms_status` in `smsinfo`; a refusal is `status` FAILED with its `status_code` and `error_message`.
 * docs/decisions/0036-sms-through-an-outbox.md says where these shapes come from.
 */
export function createSslWirelessSms({ baseUrl, apiToken, sid, timeoutMs = 15_000 }: SslWirelessSettings): SmsProvider {
  const url = `${baseUrl.replace(/\/+$/, "")}/api/v3/send-sms`;
  return {
    name: "sslwireless",
    async send({ to, text: sms, ref }) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ api_token: apiToken, sid, msisdn: to, sms, csms_id: ref }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new SmsFailure(true, `SSL Wireless did not answer: ${err instanceof Error ? err.message : String(err)}`);
      }
      let answer: SendSmsAnswer;
      try {
        answer = (await res.json()) as SendSmsAnswer;
      } catch {
        throw new SmsFailure(true, `SSL Wireless answered HTTP ${res.status} without JSON`);
      }
      if (typeof answer !== "object" || answer === null) {
        throw new SmsFailure(true, `SSL Wireless answered HTTP ${res.status} without a verdict`);
      }
      return verdict(answer, ref, res.status);
    },
  };
}

/** The reference SSL Wireless gave the message, or the failure its answer means. */
function verdict(answer: SendSmsAnswer, ref: string, httpStatus: number): string {
  const code = codeOf(answer.status_code);
  const first: unknown = Array.isArray(answer.smsinfo) ? answer.smsinfo[0] : undefined;
  const info = typeof first === "object" && first !== null ? (first as SmsInfo) : undefined;
  if (text(answer.status).toUpperCase() === "SUCCESS" && code === 200) {
    if (info && text(info.sms_status).toUpperCase() !== "SUCCESS") {
      throw new SmsFailure(
        false,
        `SSL Wireless refused the message: ${text(info.status_message) || "no reason given"}`,
      );
    }
    return text(info?.reference_id, 64) || ref;
  }
  const reason = text(answer.error_message);
  // A try whose answer never came took the message: it is sent, and its reference is the store's own.
  if (code === DUPLICATE_CSMS_ID || /duplicate\s*csms/i.test(reason)) return ref;
  const said = `${Number.isFinite(code) ? code : `HTTP ${httpStatus}`} ${reason || "no reason given"}`;
  throw new SmsFailure(!MESSAGE_REFUSED.has(code), `SSL Wireless refused the message: ${said}`);
}
