import { bnCodNote } from "@shared/words/bn-cod-note";
import { enCodNote } from "@shared/words/en-cod-note";
import { pageWords } from "./page-words";

/** `t` over an order's phone-code note (shared/words/en-cod-note.ts), which only the orders' pages download. */
export const useCodNoteT = pageWords(enCodNote, bnCodNote).useWords;
