import { z } from "zod";
import { accountName } from "./auth";

/** PUT /api/user/{email}: only these two fields are read; anything else (a role, say) is dropped. */
export const UserUpdateSchema = z.object({
  email: z.string().trim().optional(),
  name: accountName.optional(),
});
export type UserUpdateInput = z.infer<typeof UserUpdateSchema>;
