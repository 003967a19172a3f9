import { Form, Link, data } from "react-router";
import { Field } from "~/components/ui/field";
import { ACCOUNTS_NOT_OPEN, GOOGLE_NOT_CONFIGURED } from "~/lib/accounts-status";
import { pageTitle } from "~/lib/site";
import { RegisterSchema, fieldErrors, type FieldErrors, type RegisterInput } from "~/schemas/auth";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Sign Up") },
  { name: "description", content: "Create a Randa account to order woodworking tools in trade quantities." },
];

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "google")
    return data({ formError: GOOGLE_NOT_CONFIGURED, errors: {} as FieldErrors<RegisterInput> }, { status: 400 });
  const parsed = RegisterSchema.safeParse(form);
  if (!parsed.success) return data({ formError: "", errors: fieldErrors(parsed.error) }, { status: 400 });
  return data({ formError: ACCOUNTS_NOT_OPEN, errors: {} as FieldErrors<RegisterInput> }, { status: 503 });
}

export default function Register({ actionData }: Route.ComponentProps) {
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
            {actionData?.formError ? <p className="text-sm text-red-600">{actionData.formError}</p> : null}
            <button
              type="submit"
              className="w-full rounded-md bg-forest-700 py-2.5 font-semibold text-white hover:bg-forest-800"
            >
              Sign Up
            </button>
          </Form>
          <div className="my-5 flex items-center gap-3 text-sm text-stone-500" role="separator">
            <span className="h-px flex-1 bg-stone-200" />
            OR
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="google"
              className="w-full rounded-md border border-stone-300 py-2.5 font-semibold text-stone-800 hover:bg-stone-50"
            >
              Google Sign Up
            </button>
          </Form>
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
