import { z } from "zod";

const text = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .default("");

/** Spec §5: the profile form has no validation; the server still bounds what it stores. */
export const ProfileSchema = z.object({
  education: text("Education"),
  number: text("Number"),
  location: text("Location"),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;
