import { z } from "zod";

/** PUT /api/user/{email}: only these two fields are read; anything else (a role, say) is dropped. */
export const UserUpdateSchema = z.object({
  email: z.string().trim().optional(),
  name: z.string().trim().min(1, "Name Is Required").max(100, "Name must be at most 100 characters").optional(),
});
export type UserUpdateInput = z.infer<typeof UserUpdateSchema>;
