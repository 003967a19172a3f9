import { useT } from "~/i18n/use-t";
import type { Coded, Message, MessageCode } from "@shared/messages";
import type { Language } from "@shared/languages";
import { formatCount } from "@shared/format";
import { translatorFor } from "./translators";

/** Something to say: a message as the server sends it, or the code of one (a form's own check). */
export type Said = Message | Coded | MessageCode;

// A code alone, or a code with its values, carries no text: the page's catalogue has it.
const asMessage = (said: Said): Message =>
  typeof said === "string" ? { code: said, message: said } : "message" in said ? said : { ...said, message: said.code };

/**
 * A message in the given language: its code's words in the page's catalogue (numbers in its digits, in Bangla). A
 * text the store did not write (not one of its codes: Better Auth's, a card network's) stays as it came.
 */
export function translate(said: Said, language: Language): string {
  const { code, params, message } = asMessage(said);
  const translator = translatorFor(language);
  if (!translator.knows(code)) return message;
  // In English, a server's text as it came (a detail, Better Auth's own words); a bare code, the catalogue's.
  if (language === "en") return message !== code ? message : translator.message(code, params ?? {});
  const values = Object.fromEntries(
    Object.entries(params ?? {}).map(([name, value]) => [
      name,
      typeof value === "number" ? formatCount(value, language) : value,
    ]),
  );
  return translator.message(code, values);
}

/** Shows a message (a validation or server answer) in the page's language. */
export function useMessage() {
  const { language } = useT();
  return (said: Said) => translate(said, language);
}
