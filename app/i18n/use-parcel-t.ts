import type { Language } from "@shared/languages";
import { sayer, type Path, type TextValues } from "@shared/words/catalogue";
import { bnCourierMessages } from "@shared/words/bn-courier-messages";
import { enCourierMessages } from "@shared/words/en-courier-messages";
import { bnParcel } from "@shared/words/bn-parcel";
import { enParcel } from "@shared/words/en-parcel";
import { bnParcelMessages } from "@shared/words/bn-parcel-messages";
import { enParcelMessages } from "@shared/words/en-parcel-messages";
import { addMessages } from "./translator";
import { useT } from "./use-t";

export type ParcelTextKey = Path<typeof enParcel>;

// The couriers' messages (a refusal's reason, a parcel not found) come with the pages that book and follow parcels.
addMessages("en", enCourierMessages);
addMessages("bn", bnCourierMessages);
addMessages("en", enParcelMessages);
addMessages("bn", bnParcelMessages);

const missing = (key: string) => key;
const sayers = {
  en: sayer<ParcelTextKey>("en", enParcel, missing),
  bn: sayer<ParcelTextKey>("bn", bnParcel, missing),
};

/** A text of the parcel screens in a language: for their <title>. */
export function parcelText(language: Language, key: ParcelTextKey, values?: TextValues): string {
  return sayers[language](key, values);
}

/**
 * `t` over the parcel screens' own words (shared/words/en-parcel.ts): "Book courier", the packing slips and the
 * tracking page. Only those pages' modules import it, so no other page downloads them.
 */
export function useParcelT() {
  const { language } = useT();
  return { t: sayers[language], language };
}
