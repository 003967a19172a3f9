import { z } from "zod";
import type { MessageCode } from "@shared/messages";

/** The longest person's name (an account's, a delivery's) anyone may give. */
export const MAX_NAME_LENGTH = 100;

/**
 * What no free text may hold, wherever it is shown or stored:
 * - NUL, which PostgreSQL text cannot hold, and UTF-16 halves that make no character (no browser sends them);
 * - other control characters but tab, line feed and carriage return (a terminal obeys them: `npm run admin`
 *   prints names);
 * - bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the text after them, so a
 *   name can show another name, or a file "gnp.exe" as "exe.png".
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

/**
 * A character nobody sees: white space, zero-width and other default-ignorable characters (joiners, variation
 * selectors, Hangul fillers), other format characters, and the blank braille pattern.
 */
const INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]$/u;

/** Whether text is free of what `FORBIDDEN` names. */
export function isSafeText(text: string): boolean {
  return !FORBIDDEN.test(text);
}

/**
 * The text without invisible characters at either end (those inside stay: Bangla needs its joiners). A loop over
 * code points, not a `…+$` pattern, which takes quadratic time over a long run of spaces in the middle.
 */
export function trimInvisible(text: string): string {
  let start = 0;
  while (start < text.length) {
    const point = String.fromCodePoint(text.codePointAt(start)!);
    if (!INVISIBLE.test(point)) break;
    start += point.length;
  }
  let end = text.length;
  while (end > start) {
    const last = text.charCodeAt(end - 1);
    // A low surrogate ends a pair: the character is the two units before `end`.
    const size = last >= 0xdc00 && last <= 0xdfff && end - 2 >= start ? 2 : 1;
    if (!INVISIBLE.test(text.slice(end - size, end))) break;
    end -= size;
  }
  return text.slice(start, end);
}

export interface TextRule {
  /** The most UTF-16 units kept, as an input's `maxLength` counts them. */
  max: number;
  /** Said when the text is longer. */
  tooLong: MessageCode;
  /** Said when it holds what no text may hold (see `FORBIDDEN`). */
  unsafe: MessageCode;
  /** Said when it is not text at all; and, when `required`, when nothing visible is left. */
  required: MessageCode;
  /** Empty (once trimmed) is refused with `required`. Otherwise empty is allowed: the caller says what it means. */
  optional?: boolean;
}

/**
 * The one rule every free-text field obeys, at both doors and in the browser: text, nothing forbidden, trimmed of
 * invisible characters at its ends, not empty unless optional, at most `max` long. The refusal names the field.
 */
export function text({ max, tooLong, unsafe, required, optional = false }: TextRule) {
  const checked = z
    .string({ error: required })
    .refine(isSafeText, { message: unsafe, abort: true })
    .overwrite(trimInvisible);
  return (optional ? checked : checked.min(1, required)).max(max, tooLong);
}
