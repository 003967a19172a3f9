import { useT } from "~/i18n/use-t";
import { english, isMessageCode, type Message, type MessageCode } from "@shared/messages";
import type { Language } from "@shared/languages";
import { formatCount } from "@shared/format";
import { translatorFor } from "./translators";

/** Something to say: a message as the server sends it, or the code of one (a form's own check). */
export type Said = Message | MessageCode;

const asMessage = (said: Said): Message => (typeof said === "string" ? { code: said, message: english(said) } : said);

/**
 * A message in the given language: in English, its text exactly as the server or the schema wrote it; otherwise
 * its code's words in that language (numbers in its digits). A text the store did not write (not one of its codes)
 * stays as it came.
 */
export function translate(said: Said, language: Language): string {
  const { code, params, message } = asMessage(said);
  if (language === "en" || !isMessageCode(code)) return message;
  const values = Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [
      name,
      typeof value === "number" ? formatCount(value, language) : value,
    ]),
  );
  return translatorFor(language).message(code, values);
}

/** Shows a message (a validation or server answer) in the page's language. */
export function useMessage() {
  const { language } = useT();
  return (said: Said) => translate(said, language);
}
