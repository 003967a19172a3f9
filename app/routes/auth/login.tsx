import { Form, Link, data } from "react-router";
import { Field } from "~/components/ui/field";
import { ACCOUNTS_NOT_OPEN, GOOGLE_NOT_CONFIGURED } from "~/lib/accounts-status";
import { pageTitle } from "~/lib/site";
import { LoginSchema, fieldErrors, type FieldErrors, type LoginInput } from "~/schemas/auth";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Login") },
  { name: "description", content: "Sign in to your Randa account to order tools and follow your orders." },
];

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "google")
    return data({ formError: GOOGLE_NOT_CONFIGURED, errors: {} as FieldErrors<LoginInput> }, { status: 400 });
  const parsed = LoginSchema.safeParse(form);
  if (!parsed.success) return data({ formError: "", errors: fieldErrors(parsed.error) }, { status: 400 });
  return data({ formError: ACCOUNTS_NOT_OPEN, errors: {} as FieldErrors<LoginInput> }, { status: 503 });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-wood-100 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-wood-900">Login</h1>
        <Form method="post" noValidate className="mt-6 space-y-4">
          <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            error={errors.password}
          />
          <button type="button" className="text-sm text-forest-700 hover:underline">
            Forgot your password?
          </button>
          {actionData?.formError ? <p className="text-sm text-red-600">{actionData.formError}</p> : null}
          <button
            type="submit"
            className="w-full rounded-md bg-forest-700 py-2.5 font-semibold text-white hover:bg-forest-800"
          >
            Sign In
          </button>
        </Form>
        <Form method="post" className="mt-3">
          <button
            type="submit"
            name="intent"
            value="google"
            className="w-full rounded-md border border-stone-300 py-2.5 font-semibold text-stone-800 hover:bg-stone-50"
          >
            Google Sign In
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-stone-600">
          New to Randa?{" "}
          <Link to="/register" className="font-semibold text-forest-700 hover:underline">
            Sign Up
          </Link>
        </p>
        <p className="mt-2 text-center text-sm">
          <Link to="/" className="text-stone-600 hover:underline">
            Return To Store
          </Link>
        </p>
      </div>
    </main>
  );
}
