import { translator as bn } from "./catalogue-bn";
import { translator as en } from "./catalogue-en";
import { provideTranslator } from "./translators";

/** The server renders pages in either language from the start, so it holds both catalogues at once. */
export function provideAllTranslators() {
  provideTranslator(en);
  provideTranslator(bn);
}
