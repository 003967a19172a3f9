import { ProfileSchema } from "@shared/schemas/profile";
import { jsonBody } from "../http/json-body";
import { Acknowledged } from "../openapi/common-answers";
import { BAD_INPUT, NOT_YOURS, email } from "../openapi/common-params";
import { apiCall, json, jsonBody as jsonInput, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as profiles from "./profiles";
import { Profile } from "./wire";

export const profileCalls = [
  apiCall({
    method: "get",
    path: "/api/profile/{email}",
    operationId: "getProfile",
    tag: "profiles",
    summary: "Get a profile",
    who: "that user or admin",
    session: "required",
    params: { email: email("The account's email.") },
    answers: {
      200: json(Profile, "The profile; empty strings where nothing was saved."),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
    handler: async (c) => {
      const { user, profile } = await profiles.getProfile(c.get("ctx"), c.req.param("email"));
      return c.json({ name: user.name, email: user.email, ...profile });
    },
  }),
  apiCall({
    method: "put",
    path: "/api/profile/{email}",
    operationId: "saveProfile",
    tag: "profiles",
    summary: "Save a profile",
    description: "Fields left out are saved empty.",
    who: "that user or admin",
    session: "required",
    params: { email: email("The account's email.") },
    body: jsonInput(named("ProfileInput", ProfileSchema)),
    answers: {
      200: json(Acknowledged, "Saved."),
      400: refused(BAD_INPUT),
      403: refused(NOT_YOURS),
      404: refused("No user with that email."),
    },
    handler: async (c) => {
      await profiles.saveProfile(c.get("ctx"), c.req.param("email"), await jsonBody(c));
      return c.json({ acknowledged: true });
    },
  }),
];
