import { sayer, type Path } from "@shared/words/catalogue";
import { bnPhoneCode } from "@shared/words/bn-phone-code";
import { enPhoneCode } from "@shared/words/en-phone-code";
import "./phone-code-messages";
import { useT } from "./use-t";

export type PhoneCodeTextKey = Path<typeof enPhoneCode>;

const missing = (key: string) => key;
const sayers = {
  en: sayer<PhoneCodeTextKey>("en", enPhoneCode, missing),
  bn: sayer<PhoneCodeTextKey>("bn", bnPhoneCode, missing),
};

/** `t` over the phone code's own words (shared/words/en-phone-code.ts), which only the order's pages download. */
export function usePhoneCodeT() {
  const { language } = useT();
  return sayers[language];
}
