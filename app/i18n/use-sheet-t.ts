import type { Path } from "@shared/words/catalogue";
import { bnSheet } from "@shared/words/bn-sheet";
import { enSheet } from "@shared/words/en-sheet";
import { bnSheetMessages } from "@shared/words/bn-sheet-messages";
import { enSheetMessages } from "@shared/words/en-sheet-messages";
import "./admin-messages";
import { pageWords } from "./page-words";
import { addMessages } from "./translator";

export type SheetTextKey = Path<typeof enSheet>;

// The spreadsheet's messages (a refused row's reasons) come with its page alone.
addMessages("en", enSheetMessages);
addMessages("bn", bnSheetMessages);

const words = pageWords(enSheet, bnSheet);

/** A text of the spreadsheet page in a language: for its <title>. */
export const sheetText = words.text;

/** `t` over the spreadsheet page's own words (shared/words/en-sheet.ts), which only its module downloads. */
export const useSheetT = words.useWords;
