import { bnPhoneCodeMessages } from "@shared/words/bn-phone-code-messages";
import { enPhoneCodeMessages } from "@shared/words/en-phone-code-messages";
import { addMessages } from "./translator";

// The phone code's messages (its refusals, and the history's "confirmed with the code") come with the order's pages,
// which import this module, not with every page.
addMessages("en", enPhoneCodeMessages);
addMessages("bn", bnPhoneCodeMessages);
