import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { z } from "zod";
import { isKnownMessageCode, M, message } from "@shared/messages";
import { SignUpFieldsSchema, UpdateUserFieldsSchema } from "@shared/schemas/auth";

/** Better Auth's endpoints that take free text of the user's, and the shared schema their fields obey. */
const CHECKED: Record<string, z.ZodType<Record<string, unknown>>> = {
  "/sign-up/email": SignUpFieldsSchema,
  "/update-user": UpdateUserFieldsSchema,
};

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body);

/**
 * Holds the name (and picture) that Better Auth's own endpoints take to the rule every form of the store obeys
 * (shared/schemas/text.ts), in a before hook: it runs for every caller, the API's /api/auth and the pages' forms
 * alike. A refusal is 400 `{message, code}` naming the field's message, as the store's own calls answer; what
 * passes goes on trimmed, as the forms store it.
 */
export function accountFieldRules() {
  return {
    id: "randa-account-fields",
    hooks: {
      before: [
        {
          matcher: (ctx) => Object.hasOwn(CHECKED, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const body: unknown = ctx.body;
            // Not an object: Better Auth's own check refuses it.
            if (!isObject(body)) return;
            const parsed = CHECKED[ctx.path]!.safeParse(body);
            if (!parsed.success) {
              const said = parsed.error.issues[0]!.message;
              throw new APIError("BAD_REQUEST", { ...message(isKnownMessageCode(said) ? said : M.request.invalid) });
            }
            const given = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
            return { context: { body: { ...body, ...given } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
