import { bnPayouts } from "@shared/words/bn-payouts";
import { enPayouts } from "@shared/words/en-payouts";
import { bnCourierMessages } from "@shared/words/bn-courier-messages";
import { enCourierMessages } from "@shared/words/en-courier-messages";
import "./admin-messages";
import { pageWords } from "./page-words";
import { addMessages } from "./translator";

// A payout's refusals (the amounts do not add up) come with the pages that record and show payouts.
addMessages("en", enCourierMessages);
addMessages("bn", bnCourierMessages);

const words = pageWords(enPayouts, bnPayouts);

/** A text of the payouts' words in a language: for a <title>. */
export const payoutsText = words.text;

/** `t` over the payouts' own words (shared/words/en-payouts.ts), which only the pages that show them download. */
export const usePayoutsT = words.useWords;
