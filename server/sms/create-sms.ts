import { smsProviderOf, storeMode, type Config } from "../config";
import { createKeptSms } from "./kept-sms";
import type { SmsProvider } from "./sms-provider";
import { createSslWirelessSms } from "./sslwireless-sms";

/** The shop's SMS provider (SMS_PROVIDER, SSLWIRELESS_SMS_*); null: the store sends no text messages. */
export function createSms(config: Config): SmsProvider | null {
  const which = smsProviderOf(config);
  const { SSLWIRELESS_SMS_URL, SSLWIRELESS_SMS_API_TOKEN, SSLWIRELESS_SMS_SID } = config;
  if (which === "sslwireless" && SSLWIRELESS_SMS_URL && SSLWIRELESS_SMS_API_TOKEN && SSLWIRELESS_SMS_SID) {
    return createSslWirelessSms({
      baseUrl: SSLWIRELESS_SMS_URL,
      apiToken: SSLWIRELESS_SMS_API_TOKEN,
      sid: SSLWIRELESS_SMS_SID,
    });
  }
  return which === "kept" ? createKeptSms({ live: storeMode(config).live }) : null;
}
