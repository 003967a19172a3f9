import { fill } from "./words/catalogue";
import { enMessages } from "./words/en-messages";

/**
 * Every message the store can answer with has a stable code: schemas, use cases and domain code name one by its
 * code (`M.order.not_yours`); the API answers `{message, code}` with its English text; pages show it in their
 * language by code (app/i18n/use-message.ts). The words are in the catalogue: shared/words/en-messages.ts and
 * shared/words/bn-messages.ts.
 */
type Messages = typeof enMessages;

/** `"order.not_yours"`: the dotted path of every message. */
export type MessageCode = {
  [Area in keyof Messages]: `${Area & string}.${keyof Messages[Area] & string}`;
}[keyof Messages];

export type MessageParams = Record<string, string | number>;

/** A message as it travels to the browser: its code, the values in it, and its English text. */
export interface Message {
  code: MessageCode;
  params?: MessageParams;
  message: string;
}

/** `M.order.not_yours === "order.not_yours"`: codes with the compiler's help. */
export const M = Object.fromEntries(
  Object.entries(enMessages).map(([area, texts]) => [
    area,
    Object.fromEntries(Object.keys(texts).map((key) => [key, `${area}.${key}`])),
  ]),
) as { [Area in keyof Messages]: { [Key in keyof Messages[Area]]: `${Area & string}.${Key & string}` } };

export function isMessageCode(value: unknown): value is MessageCode {
  if (typeof value !== "string") return false;
  const [area, key, ...rest] = value.split(".");
  return (
    rest.length === 0 && Object.hasOwn(enMessages, area!) && Object.hasOwn(enMessages[area as keyof Messages], key!)
  );
}

/** The English text of a message, its placeholders filled. */
export function english(code: MessageCode, params: MessageParams = {}): string {
  const [area, key] = code.split(".") as [keyof Messages, string];
  return fill((enMessages[area] as Record<string, string>)[key]!, params);
}

export function message(code: MessageCode, params?: MessageParams): Message {
  return params ? { code, params, message: english(code, params) } : { code, message: english(code) };
}
