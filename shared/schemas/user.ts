import { z } from "zod";
import { M } from "@shared/messages";

/** PUT /api/user/{email}: only these two fields are read; anything else (a role, say) is dropped. */
export const UserUpdateSchema = z.object({
  email: z.string().trim().optional(),
  name: z.string().trim().min(1, M.auth.name_required).max(100, M.user.name_too_long).optional(),
});
export type UserUpdateInput = z.infer<typeof UserUpdateSchema>;
