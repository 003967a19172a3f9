import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { Form, Link, redirect } from "react-router";
import { AuthElsewhere } from "~/components/auth-card";
import { GoogleButton } from "~/components/google-button";
import { Field, fieldsFrom } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { SubmitButton } from "~/components/ui/submit-button";
import { FormError } from "~/components/ui/form-error";
import { callAuth, fieldErrorsResult, formErrorFrom, redirectWithCookies } from "~/door/auth-call.server";
import { startGoogleSignIn } from "~/door/google.server";
import { pageActor, withRetryAfter } from "~/door/page-door.server";
import { fieldErrors } from "@shared/field-errors";
import { RegisterSchema } from "@shared/schemas/auth";
import { MAX_NAME_LENGTH } from "@shared/schemas/text";
import { formOf, typedValues } from "~/door/form-input.server";
import type { Route } from "./+types/register";
import { noHydration } from "~/lib/hydration";
import { safeRedirect } from "~/door/redirects.server";

type Fields = "name" | "email" | "password";

/** Its form posts and its answers are the server's: no script needed (docs/decisions/0004-…, 0024-…). */
export const handle = noHydration;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: localTitle(matches, "auth.signUp") },
  { name: "description", content: "Create a Randa account to order woodworking tools in trade quantities." },
];

/** A refusal for too many attempts carries its Retry-After, as the API's answer does. */
export const headers: Route.HeadersFunction = withRetryAfter;

/**
 * Spec §2: after registration the customer goes to /; a visitor sent here from checkout (`?redirectTo=/checkout`)
 * goes back there, their cart with them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), context.services.baseURL);
  if (await pageActor({ request, context })) throw redirect(redirectTo);
  return { googleEnabled: context.services.googleEnabled, redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await formOf(request));
  const redirectTo = safeRedirect(form.redirectTo, context.services.baseURL);
  if (form.intent === "google") return startGoogleSignIn<Fields>(request, context, redirectTo);
  // Refused, the page comes back with the name and e-mail as typed (never the password).
  const typed = typedValues(form);
  const parsed = RegisterSchema.safeParse(form);
  if (!parsed.success) return fieldErrorsResult<Fields>(fieldErrors(parsed.error), typed);
  // Better Auth creates the account with its display name in one step and signs the new customer in.
  const res = await callAuth(request, context, "/sign-up/email", parsed.data);
  if (!res.ok) return formErrorFrom<Fields>(res, typed);
  return redirectWithCookies(redirectTo, res);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const field = fieldsFrom(actionData);
  const { t } = useT();
  return (
    <main>
      <header className="bg-wood-900 py-10 text-center text-white">
        <h1 className="text-3xl font-bold tracking-widest">{t("auth.account")}</h1>
        <nav aria-label={t("auth.breadcrumb")} className="mt-2 text-sm text-wood-100">
          <Link to="/" className="hover:underline">
            {t("auth.home")}
          </Link>{" "}
          / <span aria-current="page">{t("auth.accountCrumb")}</span>
        </nav>
      </header>
      <div className="mx-auto max-w-md px-4 py-10">
        <Panel className="sm:p-8">
          <Form method="post" noValidate className="space-y-4">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <Field label={t("auth.name")} autoComplete="name" maxLength={MAX_NAME_LENGTH} {...field("name")} />
            <Field label={t("auth.email")} type="email" autoComplete="email" {...field("email")} />
            <Field label={t("auth.password")} type="password" autoComplete="new-password" {...field("password")} />
            <FormError message={actionData?.formError} />
            <SubmitButton>{t("auth.signUp")}</SubmitButton>
          </Form>
          <div className="my-5 flex items-center gap-3 text-sm text-stone-500" role="separator">
            <span className="h-px flex-1 bg-stone-200" />
            {t("auth.or")}
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <GoogleButton
            label={t("auth.googleSignUp")}
            enabled={loaderData.googleEnabled}
            redirectTo={loaderData.redirectTo}
          />
          <AuthElsewhere question={t("auth.haveAccount")} to="/login" label={t("auth.signIn")} />
        </Panel>
      </div>
    </main>
  );
}
