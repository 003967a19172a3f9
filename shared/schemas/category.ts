import { z } from "zod";
import { M, type MessageCode } from "@shared/messages";
import { MAX_CATEGORY_NAME_LENGTH } from "@shared/text-limits";
import { text } from "./text";

const name = (required: MessageCode) =>
  text({ max: MAX_CATEGORY_NAME_LENGTH, required, tooLong: M.category.name_too_long, unsafe: M.category.name_unsafe });

/** Add and rename a category (the admin's Categories screen, POST and PUT /api/category): both names, and where it stands. */
export const CategorySchema = z.object({
  nameEn: name(M.category.name_en_required),
  nameBn: name(M.category.name_bn_required),
  position: z
    .number({ error: M.category.position_invalid })
    .int(M.category.position_invalid)
    .min(0, M.category.position_invalid)
    .max(1000, M.category.position_invalid)
    .optional(),
});
export type CategoryInput = z.infer<typeof CategorySchema>;
