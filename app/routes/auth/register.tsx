import { Form, Link, redirect } from "react-router";
import { GoogleButton } from "~/components/google-button";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { FormError } from "~/components/ui/form-error";
import { callAuth, fieldErrorsResult, formErrorFrom, redirectWithCookies } from "~/lib/auth-call.server";
import { startGoogleSignIn } from "~/lib/google.server";
import { getUser } from "~/lib/session.server";
import { pageTitle } from "~/lib/site";
import { RegisterSchema, fieldErrors } from "~/schemas/auth";
import type { Route } from "./+types/register";

type Fields = "name" | "email" | "password";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Sign Up") },
  { name: "description", content: "Create a Randa account to order woodworking tools in trade quantities." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getUser(request, context)) throw redirect("/");
  return { googleEnabled: context.services.googleEnabled };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "google") return startGoogleSignIn<Fields>(request, context, "/");
  const parsed = RegisterSchema.safeParse(form);
  if (!parsed.success) return fieldErrorsResult<Fields>(fieldErrors(parsed.error));
  // Better Auth creates the account with its display name in one step and signs the new customer in.
  const res = await callAuth(request, context, "/sign-up/email", parsed.data);
  if (!res.ok) return formErrorFrom<Fields>(res);
  return redirectWithCookies("/", res);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <main>
      <header className="bg-wood-900 py-10 text-center text-white">
        <h1 className="text-3xl font-bold tracking-widest">ACCOUNT</h1>
        <nav aria-label="Breadcrumb" className="mt-2 text-sm text-wood-100">
          <Link to="/" className="hover:underline">
            Home
          </Link>{" "}
          / <span aria-current="page">Account</span>
        </nav>
      </header>
      <div className="mx-auto max-w-md px-4 py-10">
        <div className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm sm:p-8">
          <Form method="post" noValidate className="space-y-4">
            <Field label="Name" name="name" autoComplete="name" error={errors.name} />
            <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
            />
            <FormError message={actionData?.formError} />
            <SubmitButton>Sign Up</SubmitButton>
          </Form>
          <div className="my-5 flex items-center gap-3 text-sm text-stone-500" role="separator">
            <span className="h-px flex-1 bg-stone-200" />
            OR
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <GoogleButton label="Google Sign Up" enabled={loaderData.googleEnabled} />
          <p className="mt-6 text-center text-sm text-stone-600">
            Already have an account?{" "}
            <Link to="/login" className="font-semibold text-forest-700 hover:underline">
              Sign In
            </Link>
          </p>
          <p className="mt-2 text-center text-sm">
            <Link to="/" className="text-stone-600 hover:underline">
              Return To Store
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
