import { paramsOf } from "@shared/list-page";
import { USER_LIST_PARAMS } from "@shared/list-choices";
import { UserUpdateSchema } from "@shared/schemas/user";
import { jsonBody } from "../http/json-body";
import { setPageHeaders } from "../http/list-headers";
import { DeletedCount, ModifiedCount } from "../openapi/common-answers";
import { ADMINS_ONLY, BAD_INPUT, BAD_PAGE, PAGED, email, pageHeaders, pageQuery } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as users from "./users";
import { BearerToken, UserList, userJson } from "./wire";

export const userCalls = [
  apiCall({
    method: "get",
    path: "/api/user",
    operationId: "listUsers",
    tag: "users",
    summary: "List accounts",
    description: PAGED,
    who: "admin",
    session: "required",
    query: {
      q: {
        description: "Any part of a name or e-mail, case ignored (`%` and `_` are themselves). At most 200 characters.",
        example: "nasrin",
        required: false,
      },
      ...pageQuery,
    },
    answers: {
      200: json(UserList, "A page of the accounts, newest first, each with its role.", pageHeaders),
      400: refused(`${BAD_PAGE} Or a search over 200 characters.`),
      403: refused(ADMINS_ONLY),
    },
    handler: async (c) => {
      const params = paramsOf(new URL(c.req.url).searchParams, USER_LIST_PARAMS);
      const page = await users.listUsers(c.get("ctx"), params);
      setPageHeaders(c, page);
      return c.json(page.items.map(userJson));
    },
  }),
  apiCall({
    method: "put",
    path: "/api/user/admin/{email}",
    operationId: "makeAdmin",
    tag: "users",
    summary: "Make an account an admin",
    who: "admin",
    session: "required",
    params: { email: email("The account's email.") },
    answers: {
      200: json(ModifiedCount, "An admin now (0 when it already was)."),
      403: refused(ADMINS_ONLY),
      404: refused("No user with that email."),
    },
    handler: async (c) => {
      const { promoted } = await users.promoteToAdmin(c.get("ctx"), c.req.param("email"));
      return c.json({ modifiedCount: promoted ? 1 : 0 });
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/user/admin/{email}",
    operationId: "removeAdmin",
    tag: "users",
    summary: "Remove another admin's role",
    description:
      "The account stays, as a customer, and so do its sessions. Never your own role, and never the last admin's: two admins removing each other at once leave one.",
    who: "admin",
    session: "required",
    params: { email: email("The admin's email.") },
    answers: {
      200: json(ModifiedCount, "A customer now (always 1)."),
      403: refused(ADMINS_ONLY),
      404: refused("No user with that email."),
      409: refused("Not an admin, your own role, or the last admin."),
    },
    handler: async (c) => {
      await users.demoteFromAdmin(c.get("ctx"), c.req.param("email"));
      return c.json({ modifiedCount: 1 });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/user/{email}",
    operationId: "getApiToken",
    tag: "users",
    summary: "Get a bearer token for API clients (and rename the account)",
    description: "Only for the account the caller is signed in as. `name` renames it; a different `email` is refused.",
    who: "that user",
    session: "required",
    params: { email: email("Your own email.") },
    body: jsonInput(named("UserUpdateInput", UserUpdateSchema)),
    answers: {
      200: json(BearerToken, "The session's token."),
      400: refused(BAD_INPUT),
      403: refused("Not the account you are signed in as; or a cookie-carried write from another site."),
    },
    // Spec §7 PUT /user/{email}: hands an API client its bearer token — only for the account it signed in as.
    handler: async (c) => {
      const session = await c.get("ctx").session();
      await users.confirmAccount(c.get("ctx"), c.req.param("email"), await jsonBody(c));
      return c.json({ token: session!.token });
    },
  }),
  apiCall({
    method: "delete",
    path: "/api/user/{email}",
    operationId: "deleteCustomer",
    tag: "users",
    summary: "Delete a customer's account",
    description: "Never your own, never an admin's, never one with orders.",
    who: "admin",
    session: "required",
    params: { email: email("The customer's email.") },
    answers: {
      200: json(DeletedCount, "Deleted, with its sessions and profile."),
      403: refused(ADMINS_ONLY),
      404: refused("No user with that email."),
      409: refused("Your own account, an admin, or a customer with orders."),
    },
    handler: async (c) => {
      await users.deleteUser(c.get("ctx"), c.req.param("email"));
      return c.json({ deletedCount: 1 });
    },
  }),
];
