import { z } from "zod";
import { M } from "@shared/messages";
import { LoginSchema } from "./auth";

/**
 * My Profile's Change password, in the names Better Auth's POST /api/auth/change-password takes: the current
 * password (required) and a new one under the sign-up rules (spec §5: required, at least six characters).
 */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: M.auth.password_required }).min(1, M.auth.password_required),
  newPassword: LoginSchema.shape.password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
