import { bnCourierMessages } from "@shared/words/bn-courier-messages";
import { enCourierMessages } from "@shared/words/en-courier-messages";
import { bnParcel } from "@shared/words/bn-parcel";
import { enParcel } from "@shared/words/en-parcel";
import { bnParcelMessages } from "@shared/words/bn-parcel-messages";
import { enParcelMessages } from "@shared/words/en-parcel-messages";
import { pageWords } from "./page-words";
import { addMessages } from "./translator";

// The couriers' messages (a refusal's reason, a parcel not found) come with the pages that book and follow parcels.
addMessages("en", enCourierMessages);
addMessages("bn", bnCourierMessages);
addMessages("en", enParcelMessages);
addMessages("bn", bnParcelMessages);

/**
 * The parcel screens' own words (shared/words/en-parcel.ts): "Book courier", the packing slips and the tracking page.
 * Only those pages' modules import them, so no other page downloads them. `parcelText` is for their <title>.
 */
const parcelWords = pageWords(enParcel, bnParcel);
export const parcelText = parcelWords.text;
export const useParcelT = parcelWords.useWords;
