// What the rest of the store may use of text messages: everything else in server/sms/ is its own.
export { createSms } from "./create-sms";
export { maskPhone, SmsFailure, type SmsMessage, type SmsProvider } from "./sms-provider";
export {
  insertOrderSms,
  kickSmsAfterCommit,
  onSmsQueued,
  ORDER_SMS_KINDS,
  smsNumberOf,
  smsOf,
  type OrderSmsKind,
  type SmsKind,
} from "./queue";
