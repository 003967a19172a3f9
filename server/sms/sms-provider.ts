/** A text message as the store hands it to a provider. */
export interface SmsMessage {
  /** The number as providers take it: 8801XXXXXXXXX. */
  to: string;
  text: string;
  /**
   * The store's own id for the message, the same on every try (the outbox id): a provider that remembers it, as SSL
   * Wireless does with `csms_id`, knows a resend for the one it already took.
   */
  ref: string;
}

/**
 * Why a provider did not take a message. `retry`: whether trying again may help (no answer, a busy or misconfigured
 * account: things that change without the message changing); false when the message itself was refused (a number the
 * network does not serve, a text it will not carry).
 */
export class SmsFailure extends Error {
  /** What the provider said, with any phone number in it masked: a failure is logged. */
  readonly reason: string;

  constructor(
    readonly retry: boolean,
    reason: string,
  ) {
    super(maskPhones(reason));
    this.reason = this.message;
    this.name = "SmsFailure";
  }
}

/**
 * One interface for every way a text message leaves the store, as couriers and payment providers have theirs. Each
 * speaks its provider's published API; the tests run each against a stand-in that speaks it.
 */
export interface SmsProvider {
  readonly name: "sslwireless" | "kept";
  /** Sends one message and answers the provider's reference for it; throws `SmsFailure`. */
  send(message: SmsMessage): Promise<string>;
}

/** A phone number as a log may show it: every digit but the last three hidden (`**********678`). */
export function maskPhone(phone: string): string {
  return phone.replace(/\d(?=\d{3})/g, "*");
}

/** Any phone number in a text (a provider's error that repeats it, say) masked as `maskPhone` does. */
export function maskPhones(text: string): string {
  return text.replace(/\+?\d[\d -]{8,}\d/g, (found) => maskPhone(found.replace(/[^\d]/g, "")));
}
