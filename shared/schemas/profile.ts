import { z } from "zod";
import { M, type MessageCode } from "@shared/messages";
import { text } from "./text";

const field = (notText: MessageCode, tooLong: MessageCode, unsafe: MessageCode) =>
  text({ max: 200, required: notText, tooLong, unsafe, optional: true }).default("");

/** Spec §5: the profile form has no validation; the server still bounds what it stores. */
export const ProfileSchema = z.object({
  education: field(M.profile.education_not_text, M.profile.education_too_long, M.profile.education_unsafe),
  number: field(M.profile.number_not_text, M.profile.number_too_long, M.profile.number_unsafe),
  location: field(M.profile.location_not_text, M.profile.location_too_long, M.profile.location_unsafe),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;
