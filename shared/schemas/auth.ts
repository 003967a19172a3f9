import { z } from "zod";
import { M } from "@shared/messages";
import { isSafeText, MAX_NAME_LENGTH, text } from "./text";

/** Spec §5, its messages by code. Shared by the sign-in and sign-up forms and the server. */
const email = z
  .string({ error: M.auth.email_required })
  .trim()
  .min(1, M.auth.email_required)
  .regex(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i, M.auth.email_invalid);

const password = z
  .string({ error: M.auth.password_required })
  .min(1, M.auth.password_required)
  .min(6, M.auth.password_too_short);

export const LoginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof LoginSchema>;

/** An account's name, wherever it is given: sign-up, Better Auth's update-user, PUT /api/user/{email}. */
export const accountName = text({
  max: MAX_NAME_LENGTH,
  required: M.auth.name_required,
  tooLong: M.user.name_too_long,
  unsafe: M.user.name_unsafe,
});

/** An account's picture (Better Auth's `image`; the store shows none): a web address, or none. */
const accountImage = z
  .string({ error: M.user.image_invalid })
  .max(2048, M.user.image_invalid)
  .refine(isSafeText, M.user.image_invalid)
  .regex(/^https?:\/\/\S+$/i, M.user.image_invalid)
  .nullable();

export const RegisterSchema = z.object({ name: accountName, email, password });
export type RegisterInput = z.infer<typeof RegisterSchema>;

/**
 * The free text Better Auth's own endpoints take, checked in its hooks (server/auth/account-fields.ts) by the rule
 * every form obeys: the name and picture of /sign-up/email (where the name is required) and /update-user.
 */
export const SignUpFieldsSchema = z.object({ name: accountName, image: accountImage.optional() });
export const UpdateUserFieldsSchema = z.object({ name: accountName.optional(), image: accountImage.optional() });
