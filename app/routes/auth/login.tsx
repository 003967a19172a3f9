import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { useMessage } from "~/i18n/use-message";
import { Form, Link, redirect } from "react-router";
import { AuthCard, AuthElsewhere } from "~/components/auth-card";
import { GoogleButton } from "~/components/google-button";
import { Field, fieldsFrom } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { FormError } from "~/components/ui/form-error";
import { callAuth, fieldErrorsResult, formErrorFrom, redirectWithCookies } from "~/door/auth-call.server";
import { startGoogleSignIn } from "~/door/google.server";
import { pageActor, withRetryAfter } from "~/door/page-door.server";
import { safeRedirect } from "~/door/redirects.server";
import { fieldErrors } from "@shared/field-errors";
import { M } from "@shared/messages";
import { LoginSchema } from "@shared/schemas/auth";
import { formOf, typedValues } from "~/door/form-input.server";
import type { Route } from "./+types/login";
import { noHydration } from "~/lib/hydration";

type Fields = "email" | "password";

/** Its form posts and its answers are the server's: no script needed (docs/decisions/0004-…, 0024-…). */
export const handle = noHydration;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "auth.login") },
  { name: "description", content: "Sign in to your Randa account to order tools and follow your orders." },
];

/** A refusal for too many attempts carries its Retry-After, as the API's answer does. */
export const headers: Route.HeadersFunction = withRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), context.services.baseURL);
  if (await pageActor({ request, context })) throw redirect(redirectTo);
  const notice = url.searchParams.has("reset")
    ? M.auth.password_changed
    : url.searchParams.has("error")
      ? M.auth.google_failed
      : new URL(redirectTo, url).pathname === "/checkout"
        ? M.auth.checkout_sign_in
        : null;
  return { redirectTo, googleEnabled: context.services.googleEnabled, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await formOf(request));
  const redirectTo = safeRedirect(form.redirectTo, context.services.baseURL);
  if (form.intent === "google") return startGoogleSignIn<Fields>(request, context, redirectTo);
  // Refused, the page comes back with the e-mail as typed (never the password).
  const typed = typedValues(form);
  const parsed = LoginSchema.safeParse(form);
  if (!parsed.success) return fieldErrorsResult<Fields>(fieldErrors(parsed.error), typed);
  const res = await callAuth(request, context, "/sign-in/email", parsed.data);
  if (!res.ok) return formErrorFrom<Fields>(res, typed);
  return redirectWithCookies(redirectTo, res);
}

/** A link to the other form that brings the visitor back to where they were going (checkout, with their cart). */
const withRedirect = (to: string, redirectTo: string) =>
  redirectTo === "/" ? to : `${to}?${new URLSearchParams({ redirectTo })}`;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const field = fieldsFrom(actionData);
  const { t } = useT();
  const message = useMessage();
  return (
    <AuthCard title={t("auth.login")}>
      {loaderData.notice ? (
        <p role="status" className="mt-4 rounded-md bg-forest-100 px-3 py-2 text-sm text-forest-800">
          {message(loaderData.notice)}
        </p>
      ) : null}
      <Form method="post" noValidate className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field label={t("auth.email")} type="email" autoComplete="email" {...field("email")} />
        <Field label={t("auth.password")} type="password" autoComplete="current-password" {...field("password")} />
        <Link to="/forgot-password" className="inline-block text-sm text-forest-700 hover:underline">
          {t("auth.forgot")}
        </Link>
        <FormError message={actionData?.formError} />
        <SubmitButton>{t("auth.signIn")}</SubmitButton>
      </Form>
      <div className="mt-3">
        <GoogleButton
          label={t("auth.googleSignIn")}
          enabled={loaderData.googleEnabled}
          redirectTo={loaderData.redirectTo}
        />
      </div>
      <AuthElsewhere
        question={t("auth.newHere")}
        to={withRedirect("/register", loaderData.redirectTo)}
        label={t("auth.signUp")}
      />
    </AuthCard>
  );
}
