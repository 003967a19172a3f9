import { z } from "zod";
import { M } from "@shared/messages";

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

export const RegisterSchema = z.object({
  name: z.string({ error: M.auth.name_required }).trim().min(1, M.auth.name_required),
  email,
  password,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;
