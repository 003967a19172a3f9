import { z } from "zod";
import { M } from "@shared/messages";
import { LoginSchema } from "./auth";

export const ForgotPasswordSchema = LoginSchema.pick({ email: true });

export const ResetPasswordSchema = z.object({
  token: z.string().min(1, M.auth.reset_link_invalid),
  password: LoginSchema.shape.password,
});
