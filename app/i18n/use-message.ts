import { useTranslation } from "react-i18next";
import { isLanguage } from "./languages";
import { translateMessage } from "./messages";

/** Shows an English message (a validation or server answer) in the page's language. */
export function useMessage() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  return (message: string) => translateMessage(message, language);
}
