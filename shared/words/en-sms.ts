import type { Words } from "./catalogue";

/**
 * The text messages' words in English (server/sms/render-sms.ts), under `sms` beside the pages' catalogue. Only the
 * server reads them: no page imports this module, so they are never sent to a browser. Bangla in bn-sms.ts, typed
 * against this.
 *
 * Each kind has its texts from the fullest to the barest: the first that goes in two messages is sent (its product's
 * name shortened first), so that a long name, tracking code or address never makes a message longer
 * (shared/sms-segments.ts). `{{product}}` is the order's first tool (and how many more), `{{amount}}` in taka.
 */
export const enSms = {
  /** One order's tools in a few words: its first line's, and how many lines more. */
  andMore: "{{product}} +{{n}} more",
  events: {
    placed: {
      product:
        "Randa: we have your order for {{product}} ({{amount}}). Pay for it or choose cash on delivery to confirm it.",
      plain: "Randa: we have your order ({{amount}}). Pay for it or choose cash on delivery to confirm it.",
    },
    confirmed: {
      product:
        "Randa: your cash on delivery order for {{product}} is confirmed. Please pay {{amount}} when it arrives.",
      plain: "Randa: your cash on delivery order is confirmed. Please pay {{amount}} when it arrives.",
    },
    shipped: {
      tracked: "Randa: your order for {{product}} is on its way. Tracking code {{code}}: {{link}}",
      trackedPlain: "Randa: your order is on its way. Tracking code {{code}}: {{link}}",
      codeOnly: "Randa: your order is on its way. Tracking code {{code}}.",
      product: "Randa: your order for {{product}} is on its way.",
      plain: "Randa: your order is on its way.",
    },
    delivered: {
      product: "Randa: your order for {{product}} has been delivered. Thank you for buying from us!",
      plain: "Randa: your order has been delivered. Thank you for buying from us!",
    },
    returned: {
      product:
        "Randa: your order for {{product}} could not be delivered and has come back to us. Money you paid will be refunded.",
      plain: "Randa: your order could not be delivered and has come back to us. Money you paid will be refunded.",
    },
    refunded: {
      product: "Randa: we have refunded the money you paid for your order for {{product}}.",
      plain: "Randa: we have refunded the money you paid for your order.",
    },
  },
  phoneCode: "Randa: your code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone.",
  backInStock: {
    withLink: "Randa: {{product}} is back in stock. {{link}}",
    product: "Randa: {{product}} is back in stock.",
  },
};

export type SmsWords = Words<typeof enSms>;
