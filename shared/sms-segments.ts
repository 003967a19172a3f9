/**
 * How many text messages a text takes, counted as phones count them (3GPP TS 23.038 and 23.040). A text written only
 * in the GSM 7-bit alphabet goes as GSM-7: 160 characters in one message, 153 in each part of a longer one (the rest
 * carries the header that joins them), and the extension characters (`{ } [ ] ~ \ | ^ €` and form feed) take two
 * places each. Any other character (Bangla, `…`, curly quotes) sends the whole text as UCS-2: 70 UTF-16 units in one
 * message, 67 in each part. A character is never split between two parts.
 */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = "gsm7" | "ucs2";

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2) the text takes. */
  units: number;
  segments: number;
}

/** The most messages a text of the store's may take. */
export const MAX_SMS_SEGMENTS = 2;

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};

/** Whether every character of `text` is in the GSM 7-bit alphabet or its extension. */
export function isGsm7(text: string): boolean {
  for (const c of text) if (!BASIC.has(c) && !EXTENSION.has(c)) return false;
  return true;
}

/** The places each character takes: 1 or 2 septets, or its UTF-16 units (2 for a character beyond the BMP). */
function costs(text: string, encoding: SmsEncoding): number[] {
  return [...text].map((c) => (encoding === "gsm7" ? (EXTENSION.has(c) ? 2 : 1) : c.length));
}

export function smsSize(text: string): SmsSize {
  const encoding: SmsEncoding = isGsm7(text) ? "gsm7" : "ucs2";
  const each = costs(text, encoding);
  const units = each.reduce((sum, n) => sum + n, 0);
  const { single, part } = LIMITS[encoding];
  if (units <= single) return { encoding, units, segments: units === 0 ? 0 : 1 };
  // Filled part by part: a character that does not fit whole starts the next part.
  let segments = 1;
  let used = 0;
  for (const n of each) {
    if (used + n > part) {
      segments++;
      used = 0;
    }
    used += n;
  }
  return { encoding, units, segments };
}

export const smsSegments = (text: string) => smsSize(text).segments;

/** Whether a text goes in at most `MAX_SMS_SEGMENTS` messages. */
export const fitsSms = (text: string) => smsSegments(text) <= MAX_SMS_SEGMENTS;
