import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { Form, Link, data, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { authErrorMessage, callAuth, retryAfterOf } from "~/door/auth-call.server";
import { fieldErrors } from "@shared/field-errors";
import { ResetPasswordSchema } from "@shared/schemas/password-reset";
import { formOf } from "~/door/form-input.server";
import { withRetryAfter } from "~/door/page-door.server";
import type { Route } from "./+types/reset-password";
import { noHydration } from "~/lib/hydration";

/** Its form posts and its answers are the server's: no script needed (docs/decisions/0004-…, 0024-…). */
export const handle = noHydration;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "password.resetTitle") },
  { name: "robots", content: "noindex" },
];

/** A refusal for too many attempts carries its Retry-After, as the API's answer does. */
export const headers: Route.HeadersFunction = withRetryAfter;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Better Auth sends an expired or unknown link here with ?error=INVALID_TOKEN.
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.has("error") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = ResetPasswordSchema.safeParse(Object.fromEntries(await formOf(request)));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data({ error: errors.password ?? errors.token }, { status: 400 });
  }
  const res = await callAuth(request, context, "/reset-password", {
    newPassword: parsed.data.password,
    token: parsed.data.token,
  });
  if (!res.ok) return data({ error: await authErrorMessage(res) }, { status: res.status, headers: retryAfterOf(res) });
  throw redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const broken = loaderData.invalid || !loaderData.token;
  const { t } = useT();
  return (
    <AuthCard title={t("password.resetTitle")}>
      {broken ? (
        <p role="alert" className="mt-6 text-red-600">
          {t("password.broken")}{" "}
          <Link to="/forgot-password" className="underline">
            {t("password.askAgain")}
          </Link>
          .
        </p>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            label={t("password.newPassword")}
            name="password"
            type="password"
            autoComplete="new-password"
            error={actionData?.error}
          />
          <SubmitButton>{t("password.save")}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
