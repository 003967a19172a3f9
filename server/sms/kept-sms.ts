import { keptNote } from "../mail";
import { maskPhone, type SmsMessage, type SmsProvider } from "./sms-provider";

/** A message the demo's provider kept instead of sending, newest last. */
export interface KeptSms extends SmsMessage {
  at: Date;
}

/** How many kept messages are remembered: the demo shows the latest, and a long-running store must not grow. */
const KEPT = 200;

export interface KeptSmsOptions {
  /** A live store (`SMS_PROVIDER=kept` said so): the log says a message was kept, never what it says. */
  live: boolean;
  /** Where a message is printed (the demo) or noted (a live store). */
  print?: (line: string) => void;
}

/**
 * The demo's provider, as the demo's mailer keeps e-mails (server/mail.ts): nothing leaves the machine; each message
 * is kept in memory and printed in the log, so a phone code works on a laptop. The number is printed masked, and a
 * live store prints neither the text (it may be a phone code) nor the number.
 */
export function createKeptSms({ live, print }: KeptSmsOptions): SmsProvider & { kept: KeptSms[] } {
  const kept: KeptSms[] = [];
  return {
    name: "kept",
    kept,
    send(message) {
      kept.push({ ...message, at: new Date() });
      if (kept.length > KEPT) kept.splice(0, kept.length - KEPT);
      const to = maskPhone(message.to);
      if (live) (print ?? keptNote)(`An SMS to ${to} was kept, not sent (SMS_PROVIDER=kept).`);
      else
        (print ?? console.log)(
          `[sms] No SMS provider set; message ${message.ref} kept\nTo: ${to}\n\n${message.text}\n`,
        );
      return Promise.resolve(`kept-${message.ref}`);
    },
  };
}
