import { bnAdminMessages } from "@shared/words/bn-admin-messages";
import { enAdminMessages } from "@shared/words/en-admin-messages";
import { addMessages } from "./translator";

// The messages only admins meet come with the admins' pages, which import this module, not with every page.
addMessages("en", enAdminMessages);
addMessages("bn", bnAdminMessages);
