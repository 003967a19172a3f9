import { z } from "zod";
import { M, type MessageCode } from "@shared/messages";

const text = (notText: MessageCode, tooLong: MessageCode) =>
  z.string({ error: notText }).trim().max(200, tooLong).default("");

/** Spec §5: the profile form has no validation; the server still bounds what it stores. */
export const ProfileSchema = z.object({
  education: text(M.profile.education_not_text, M.profile.education_too_long),
  number: text(M.profile.number_not_text, M.profile.number_too_long),
  location: text(M.profile.location_not_text, M.profile.location_too_long),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;
