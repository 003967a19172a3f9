import { data } from "react-router";
import { signedIn } from "@server/context/actor";
import { fieldErrors } from "@shared/field-errors";
import { M, message, type Message, type MessageCode } from "@shared/messages";
import { ChangePasswordSchema, type ChangePasswordInput } from "@shared/schemas/password-change";
import { authErrorMessage, callAuth, redirectWithCookies, retryAfterOf } from "./auth-call.server";
import { act, type DoorArgs } from "./page-door.server";

/** Where a changed password leads: My Profile, saying so. */
export const PASSWORD_CHANGED = "/dashboard/profile?password=changed";

/** What Change password answers a refusal with: a message beside a field, or one under the form. */
export interface PasswordRefusal {
  password: {
    errors: Partial<Record<keyof ChangePasswordInput, Message | MessageCode>>;
    formError: Message | null;
    /** Each refusal is a new answer: the form is drawn afresh, without the passwords typed into it. */
    id: number;
  };
}

const refused = (answer: Omit<PasswordRefusal["password"], "id">, status: number, headers?: HeadersInit) =>
  data<PasswordRefusal>({ password: { ...answer, id: Date.now() } }, { status, headers });

/**
 * My Profile's Change password: the signed-in customer's, checked with the shared schema, then Better Auth's
 * POST /change-password through its handler as the API's clients call it (its limits and the store's hook that
 * ends every other session apply alike). Done: My Profile again, with the renewed session's cookie. A wrong
 * current password is said beside its field.
 */
export function changeMyPassword(args: DoorArgs, form: Record<string, unknown>) {
  return act(
    args,
    async (_deps, actor) => {
      signedIn(actor);
      const parsed = ChangePasswordSchema.safeParse(form);
      if (!parsed.success) return refused({ errors: fieldErrors(parsed.error), formError: null }, 400);
      const res = await callAuth(args.request, args.context, "/change-password", parsed.data);
      if (res.ok) return redirectWithCookies(PASSWORD_CHANGED, res);
      const code = await res
        .clone()
        .json()
        .then((body: { code?: unknown }) => body.code)
        .catch(() => undefined);
      if (code === "INVALID_PASSWORD") {
        return refused({ errors: { currentPassword: M.auth.current_password_wrong }, formError: null }, 400);
      }
      if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
        return refused({ errors: {}, formError: message(M.auth.no_password_to_change) }, 400);
      }
      // Signed out meanwhile (the session ended elsewhere): sign in first, as for any page of the dashboard.
      if (res.status === 401) signedIn(null);
      return refused({ errors: {}, formError: await authErrorMessage(res) }, res.status, retryAfterOf(res));
    },
    (answer) => answer,
  );
}
