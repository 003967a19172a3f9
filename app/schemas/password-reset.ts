import { z } from "zod";
import { LoginSchema } from "./auth";

export const ForgotPasswordSchema = LoginSchema.pick({ email: true });

export const ResetPasswordSchema = z.object({
  token: z.string().min(1, "This reset link is not valid. Please ask for a new one."),
  password: LoginSchema.shape.password,
});
