import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { Form, Link, data } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { callAuth, retryAfterOf, tooManyAttempts } from "~/door/auth-call.server";
import { fieldErrors } from "@shared/field-errors";
import { ForgotPasswordSchema } from "@shared/schemas/password-reset";
import { formOf, typedValues } from "~/door/form-input.server";
import { withRetryAfter } from "~/door/page-door.server";
import type { Route } from "./+types/forgot-password";
import { noHydration } from "~/lib/hydration";

/** Its form posts and its answers are the server's: no script needed (docs/decisions/0004-…, 0024-…). */
export const handle = noHydration;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "password.forgotTitle") },
  { name: "description", content: "Ask for a link to choose a new password for your Randa account." },
];

/** A refusal for too many attempts carries its Retry-After, as the API's answer does. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await formOf(request));
  // Refused, the page comes back with the address as typed.
  const values = typedValues(form);
  const parsed = ForgotPasswordSchema.safeParse(form);
  if (!parsed.success) return data({ sent: false, error: fieldErrors(parsed.error).email, values }, { status: 400 });
  const res = await callAuth(request, context, "/request-password-reset", {
    email: parsed.data.email,
    redirectTo: "/reset-password",
  });
  if (res.status === 429) {
    return data({ sent: false, error: tooManyAttempts(res), values }, { status: 429, headers: retryAfterOf(res) });
  }
  // The same answer whether or not the account exists, so the form cannot be used to find accounts.
  return { sent: true, error: undefined, values: undefined };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <AuthCard title={t("password.forgotTitle")}>
      {actionData?.sent ? (
        <p role="status" className="mt-6 rounded-md bg-forest-100 px-3 py-2 text-forest-800">
          {t("password.sent")}
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4">
          <p className="text-sm text-stone-600">{t("password.enterEmail")}</p>
          <Field
            label={t("password.email")}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={actionData?.values?.email}
            error={actionData?.error}
          />
          <SubmitButton>{t("password.send")}</SubmitButton>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-forest-700 hover:underline">
          {t("password.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
