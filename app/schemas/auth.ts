import { z } from "zod";

/** Spec §5, messages verbatim. Shared by the sign-in and sign-up forms and the server. */
const email = z
  .string({ error: "Email Is Required" })
  .trim()
  .min(1, "Email Is Required")
  .regex(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i, "Please put valid email");

const password = z
  .string({ error: "Password Is Required" })
  .min(1, "Password Is Required")
  .min(6, "Password must be six characters or long");

export const LoginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  name: z.string({ error: "Name Is Required" }).trim().min(1, "Name Is Required"),
  email,
  password,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** The first message for each field, the way forms show them under the input. */
export function fieldErrors<T>(error: z.ZodError<T>): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0]);
    out[key] ??= issue.message;
  }
  return out as FieldErrors<T>;
}
