import type { Language } from "@shared/languages";
import { sayer, type Path, type TextValues } from "@shared/words/catalogue";
import { bnSheet } from "@shared/words/bn-sheet";
import { enSheet } from "@shared/words/en-sheet";
import { bnSheetMessages } from "@shared/words/bn-sheet-messages";
import { enSheetMessages } from "@shared/words/en-sheet-messages";
import "./admin-messages";
import { addMessages } from "./translator";
import { useT } from "./use-t";

export type SheetTextKey = Path<typeof enSheet>;

// The spreadsheet's messages (a refused row's reasons) come with its page alone.
addMessages("en", enSheetMessages);
addMessages("bn", bnSheetMessages);

const missing = (key: string) => key;
const sayers = {
  en: sayer<SheetTextKey>("en", enSheet, missing),
  bn: sayer<SheetTextKey>("bn", bnSheet, missing),
};

/** A text of the spreadsheet page in a language: for its <title>. */
export function sheetText(language: Language, key: SheetTextKey, values?: TextValues): string {
  return sayers[language](key, values);
}

/** `t` over the spreadsheet page's own words (shared/words/en-sheet.ts), which only its module downloads. */
export function useSheetT() {
  const { language } = useT();
  return { t: sayers[language], language };
}
