import { sayer, type Path } from "@shared/words/catalogue";
import { bnMushak } from "@shared/words/bn-mushak";
import { enMushak } from "@shared/words/en-mushak";
import { bnMushakMessages } from "@shared/words/bn-mushak-messages";
import { enMushakMessages } from "@shared/words/en-mushak-messages";
import { addMessages } from "./translator";
import { useT } from "./use-t";

export type MushakTextKey = Path<typeof enMushak>;

// The buyer's BIN refused at checkout: its message comes with the pages that speak of a BIN alone.
addMessages("en", enMushakMessages);
addMessages("bn", bnMushakMessages);

const missing = (key: string) => key;
const sayers = {
  en: sayer<MushakTextKey>("en", enMushak, missing),
  bn: sayer<MushakTextKey>("bn", bnMushak, missing),
};

/**
 * `t` over Mushak-6.3's words (shared/words/en-mushak.ts): only the invoice, checkout and Pay Order pages download
 * them.
 */
export function useMushakT() {
  const { language } = useT();
  return { t: sayers[language], language };
}
