import { NOT_YOURS, email } from "../openapi/common-params";
import { apiCall, json, refused } from "../openapi/route-types";
import { isAdmin } from "./users";
import { IsAdmin } from "./wire";

export const adminCalls = [
  apiCall({
    method: "get",
    path: "/api/admin/{email}",
    operationId: "isAdmin",
    tag: "users",
    summary: "Whether an account is an admin",
    who: "that user or admin",
    session: "required",
    params: { email: email("The account's email.") },
    answers: {
      200: json(IsAdmin, "Whether it is an admin."),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
    // Spec §7 GET /admin/{email}: whether that account is an admin.
    handler: async (c) => c.json({ admin: await isAdmin(c.get("ctx"), c.req.param("email")) }),
  }),
];
